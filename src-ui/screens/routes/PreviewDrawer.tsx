/**
 * The Closed tab's preview (spec section 2): a bottom drawer over the list with the route's stops, read-only, and
 * a stop's details when one is tapped: its notes (markdown) and, once done, its completion as the stop window's
 * View completion shows it (outcome, notes, proofs). The route comes from the core's `preview` slice; skeleton
 * rows while it loads, the error and a retry when it could not be loaded.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../src-shared/domain/settings.ts';
import { countToShow } from '../../../src-shared/domain/stops.ts';
import { resolveVariant } from '../../../src-shared/domain/variant.ts';
import type { RouteSummary } from '../../../src-shared/protocol/entities.ts';
import { useCore } from '../../app/core-context.tsx';
// Imported directly (not through the kit's index), so the sheet stays in this lazy screen's chunk.
import { BottomSheet } from '../../components/BottomSheet.tsx';
import { currentVariantFlag } from '../../stops/variant.ts';
import { PreviewBar } from './PreviewBar.tsx';
import { PreviewStopDetail } from './PreviewStopDetail.tsx';
import { PreviewStops } from './PreviewStops.tsx';
import { routeTitle } from './route-text.ts';
import { usePreviewLoad } from './use-preview-load.ts';
import { usePreviewStop } from './use-preview-stop.ts';

export interface PreviewDrawerProps {
  summary: RouteSummary;
  /** The drawer has gone (the core's preview is already closed). */
  onClosed: () => void;
}

export function PreviewDrawer({ summary, onClosed }: PreviewDrawerProps) {
  useSignals();
  const { t, i18n } = useTranslation();
  const { api, state } = useCore();
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const titleId = useId();
  const { stopId, openStop, backToList, bodyRef, detailTitleId } = usePreviewStop();
  // The sheet's own close, which animates it away; the bar's Close goes through it.
  const closeRef = useRef<(() => void) | null>(null);
  const { failure, load } = usePreviewLoad(summary.id);

  const preview = state.preview.value;
  const mine = preview?.routeId === summary.id ? preview : null;
  const route = mine?.status === 'ready' ? mine.route : null;
  const numbers = useMemo(() => (route ? countToShow(route.stops) : []), [route]);
  const index = route && stopId !== null ? route.stops.findIndex((s) => s.id === stopId) : -1;
  const stop = route && index >= 0 ? route.stops[index] : undefined;
  // The internal-notes variant has no recipient note, here as on the stop windows.
  const [variantFlag] = useState(currentVariantFlag);
  const showRecipientNote =
    resolveVariant(variantFlag, state.organisation.value, state.appConfig.value) !== 'internal-notes';

  const closed = () => {
    void api.previewRoute(null);
    onClosed();
  };

  return (
    <BottomSheet
      open
      onClose={closed}
      // Escape on a stop's details goes back to the stops; the next one closes the drawer (issue 45).
      onBack={stop ? backToList : undefined}
      titleId={titleId}
      header={
        <PreviewBar
          titleId={titleId}
          title={stop ? t('stop.detail.title') : routeTitle(summary, t)}
          onBack={stop ? backToList : undefined}
          onClose={() => closeRef.current?.()}
        />
      }
      closeRef={(close) => {
        closeRef.current = close;
      }}
    >
      <div ref={bodyRef}>
        {stop ? (
          <PreviewStopDetail
            stop={stop}
            number={numbers[index] ?? null}
            language={language}
            titleId={detailTitleId}
            showRecipientNote={showRecipientNote}
            failureReasons={state.organisation.value?.config.failure_reasons ?? undefined}
          />
        ) : (
          <PreviewStops
            summary={summary}
            route={route}
            failed={mine?.status === 'failed' ? (failure ?? { ok: false, error: 'unknown' }) : null}
            numbers={numbers}
            language={language}
            onOpen={openStop}
            onRetry={() => void load()}
          />
        )}
      </div>
    </BottomSheet>
  );
}
