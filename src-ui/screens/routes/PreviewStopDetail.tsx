/**
 * A stop's details in the preview drawer: its notes and, once done, its completion as the stop window's View
 * completion shows it (outcome, notes, proofs).
 */
import type { Language } from '../../../src-shared/domain/settings.ts';
import { isCompletable, isDone } from '../../../src-shared/domain/stops.ts';
import type { FailureReasonSetting, Stop } from '../../../src-shared/protocol/entities.ts';
import { CompletionView } from '../../proof/CompletionView.tsx';
import { StopDetail } from '../../stops/StopDetail.tsx';

export interface PreviewStopDetailProps {
  stop: Stop;
  number: number | null;
  language: Language;
  titleId: string;
  /** False for the internal-notes variant, which has no recipient note. */
  showRecipientNote: boolean;
  /** The organisation's failure reasons, for a skipped stop's reason in its words. */
  failureReasons?: readonly FailureReasonSetting[];
}

export function PreviewStopDetail(props: PreviewStopDetailProps) {
  const { stop, number, language, titleId, showRecipientNote, failureReasons } = props;
  return (
    <StopDetail
      stop={stop}
      number={number}
      language={language}
      titleId={titleId}
      completion={
        isDone(stop) && isCompletable(stop) ? (
          <CompletionView
            stop={stop}
            showRecipientNote={showRecipientNote}
            headingLevel={4}
            failureReasons={failureReasons}
          />
        ) : undefined
      }
    />
  );
}
