/**
 * A stop's details in the preview drawer: its notes and, once done, its completion as the stop window's View
 * completion shows it (outcome, notes, proofs).
 */
import type { Language } from '../../../src-shared/domain/settings.ts';
import { isCompletable, isDone } from '../../../src-shared/domain/stops.ts';
import type { Stop } from '../../../src-shared/protocol/entities.ts';
import { CompletionView } from '../../proof/CompletionView.tsx';
import { StopDetail } from '../../stops/StopDetail.tsx';

export interface PreviewStopDetailProps {
  stop: Stop;
  number: number | null;
  language: Language;
  titleId: string;
  /** False for the internal-notes variant, which has no recipient note. */
  showRecipientNote: boolean;
}

export function PreviewStopDetail({ stop, number, language, titleId, showRecipientNote }: PreviewStopDetailProps) {
  return (
    <StopDetail
      stop={stop}
      number={number}
      language={language}
      titleId={titleId}
      completion={
        isDone(stop) && isCompletable(stop) ? (
          <CompletionView stop={stop} showRecipientNote={showRecipientNote} headingLevel={4} />
        ) : undefined
      }
    />
  );
}
