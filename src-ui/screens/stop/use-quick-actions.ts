/**
 * What More info's quick actions do (StopActions): Skip and Delivered check the route's rules, then complete the
 * stop (or, for Skip in the internal-notes variant, open the complete screen, where the skip needs an internal note);
 * Arrived opens the complete screen. Delivered is refused while a proof is required (spec section 5 "One-click
 * delivered").
 */
import type { ReadonlySignal } from '@preact/signals-core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { oneClickAllowed } from '../../../src-shared/domain/proofs.ts';
import { isDone } from '../../../src-shared/domain/stops.ts';
import { unaccountedUnits } from '../../../src-shared/domain/unit-scans.ts';
import { draftScanUpdates, draftUnits } from '../../scan/scan-draft.ts';
import { useCompleteStop } from './use-complete-stop.ts';
import type { StopView } from './use-stop.ts';

type Ready = Extract<StopView, { status: 'ready' }>;

export interface QuickActions {
  /** A completion is on its way. */
  /** A completion is on its way (read under useSignals()). */
  busy: ReadonlySignal<boolean>;
  /** An alert with the app's "Attention" title. */
  refuse(message: string): void;
  skip(): void;
  deliver(): void;
  arrive(): void;
}

export function useQuickActions(view: Ready, base: string): QuickActions {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { stop, variant, required } = view;
  const actions = useCompleteStop(base, view);
  const completePath = `${base}/stops/${stop.id}/complete`;

  // The complete screen takes More info's place in the history: Done (or back) returns to the route.
  const toComplete = (query = '') => navigate(completePath + query, { replace: true, state: history.state });

  return {
    busy: actions.busy,
    refuse: actions.refuse,
    skip() {
      if (!actions.allowed()) return;
      if (variant === 'internal-notes') toComplete('?status=skipped');
      else void actions.complete('skipped');
    },
    deliver() {
      if (!actions.allowed()) return;
      // Read at the tap (not while rendering): parcels scanned or marked on this window meet the barcode
      // requirement, and go with the one-click delivery.
      if (!oneClickAllowed(required, unaccountedUnits(draftUnits(stop))))
        actions.refuse(t('alerts.oneClickNotAllowed'));
      else void actions.complete('finished', { units: draftScanUpdates(stop, view.scanning) });
    },
    arrive() {
      // A done stop's completion can always be looked at; the complete screen offers Edit when the route allows it.
      if (isDone(stop) || actions.allowed()) toComplete();
    },
  };
}
