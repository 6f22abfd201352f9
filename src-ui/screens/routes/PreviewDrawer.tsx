/**
 * The Closed tab's preview (spec section 2): a bottom drawer over the list with the route's stops, read-only, and
 * a stop's details when one is tapped: its notes (markdown) and, once done, its completion as the stop window's
 * View completion shows it (outcome, notes, proofs). The route comes from the core's `preview` slice; skeleton
 * rows while it loads, the error and a retry when it could not be loaded.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { ArrowLeft, X } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../../src-shared/api/worker-api.ts';
import type { Language } from '../../../src-shared/domain/settings.ts';
import { countToShow, isDone } from '../../../src-shared/domain/stops.ts';
import { resolveVariant } from '../../../src-shared/domain/variant.ts';
import type { RouteSummary, Stop } from '../../../src-shared/protocol/entities.ts';
import { useCore } from '../../app/core-context.tsx';
// Imported directly (not through the kit's index), so the sheet stays in this lazy screen's chunk.
import { BottomSheet } from '../../components/BottomSheet.tsx';
import { IconButton } from '../../components/index.ts';
import { CompletionView } from '../../proof/CompletionView.tsx';
import { StopDetail } from '../../route/StopDetail.tsx';
import { currentVariantFlag } from '../../route/variant.ts';
import { PreviewStops } from './PreviewStops.tsx';
import styles from './preview.module.css';
import { routeTitle } from './route-text.ts';

/** The stops a driver completes (start, end and break are done by the route's own actions: nothing to show). */
const COMPLETED_TYPES = new Set(['pickup', 'delivery']);

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
  const detailTitleId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<(() => void) | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [stopId, setStopId] = useState<number | null>(null);
  const lastStopId = useRef<number | null>(null);

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

  const mounted = useRef(true);
  const load = useCallback(async () => {
    setFailure(null);
    const res = await api.previewRoute(summary.id);
    if (mounted.current) setFailure(res.ok ? null : res);
  }, [api, summary.id]);
  useEffect(() => {
    mounted.current = true;
    void load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  // Focus follows the view: the stop's name when its detail opens, the stop's row when going back to the list.
  useEffect(() => {
    if (stopId !== null) {
      document.getElementById(detailTitleId)?.focus({ preventScroll: true });
      bodyRef.current?.closest('[data-sheet-body]')?.scrollTo({ top: 0 });
    } else if (lastStopId.current !== null) {
      bodyRef.current?.querySelector<HTMLElement>(`[data-stop-id="${lastStopId.current}"] button`)?.focus();
    }
  }, [stopId, detailTitleId]);

  const openStop = useCallback((next: Stop) => {
    lastStopId.current = next.id;
    setStopId(next.id);
  }, []);

  const closed = () => {
    void api.previewRoute(null);
    onClosed();
  };

  const header = (
    <div className={styles.bar}>
      {stop ? (
        <IconButton icon={ArrowLeft} label={t('common.a11y.back')} onClick={() => setStopId(null)} />
      ) : (
        <span className={styles.barSpacer} />
      )}
      <h2 id={titleId} className={styles.title}>
        {stop ? t('stop.detail.title') : routeTitle(summary, t)}
      </h2>
      <IconButton icon={X} label={t('common.close')} onClick={() => closeRef.current?.()} />
    </div>
  );

  return (
    <BottomSheet
      open
      onClose={closed}
      titleId={titleId}
      header={header}
      closeRef={(close) => {
        closeRef.current = close;
      }}
    >
      <div ref={bodyRef}>
        {stop ? (
          <StopDetail
            stop={stop}
            number={numbers[index] ?? null}
            language={language}
            titleId={detailTitleId}
            completion={
              isDone(stop) && COMPLETED_TYPES.has(stop.type) ? (
                <CompletionView stop={stop} showRecipientNote={showRecipientNote} headingLevel={4} />
              ) : undefined
            }
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
