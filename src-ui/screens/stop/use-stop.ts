/**
 * What the stop windows read from the core's state: the open route (loaded by the route view's main window), the
 * stop and its number, the variant, and which proofs it needs. The caller has called useSignals().
 */
import { useEffect, useMemo, useState } from 'react';
import { type StopOutcomes, stopOutcomes } from '../../../src-shared/domain/outcomes/facts.ts';
import {
  type FeatureGates,
  featureGates,
  type RequiredProofs,
  requiredProofs,
} from '../../../src-shared/domain/proofs.ts';
import type { Language } from '../../../src-shared/domain/settings.ts';
import { hasScannableUnits } from '../../../src-shared/domain/unit-scans.ts';
import { resolveVariant, type Variant } from '../../../src-shared/domain/variant.ts';
import type { Organisation, Route, Stop } from '../../../src-shared/protocol/entities.ts';
import type { ParkedCompletion } from '../../../src-shared/state/app-state.ts';
import { useCore } from '../../app/core-context.tsx';
import type { RouteInfo } from '../../bridge/route-state.ts';
import { geoPosition, startGeolocation } from '../../platform/geolocation.ts';
import { currentVariantFlag } from '../../stops/variant.ts';
import { useRouteState } from '../shared/use-route-state.ts';

interface Loaded {
  status: 'ready';
  /** The route without its stops: a change to another stop leaves this screen as it is (issue 47). */
  route: RouteInfo;
  /**
   * The open route with every stop as it is now, for what reads the other stops when the driver acts (the order's
   * rules, a scanned code of another stop's parcel): read then, not while rendering.
   */
  routeNow(): (RouteInfo & Pick<Route, 'stops'>) | null;
  stop: Stop;
  /** countToShow: null for break, start and end. */
  number: number | null;
  organisation: Organisation | null;
  variant: Variant;
  gates: FeatureGates;
  required: RequiredProofs;
  /** The outcome features of the route (issue 34) and the organisation's reasons. */
  outcomes: StopOutcomes;
  /** The stop has parcels with barcodes and the route allows scanning them: the Scan action shows (issue 19). */
  scanning: boolean;
  /** The completion is stored on the device but not on the server yet. */
  unsent: boolean;
  /** A completion of this stop the server refused for good, kept on the device (src-worker/outbox). */
  parked: ParkedCompletion | null;
}

export type StopView = { status: 'loading' | 'missing'; language: Language } | (Loaded & { language: Language });

/** A stop loaded and ready to show. */
export type ReadyStop = Extract<StopView, { status: 'ready' }>;

/**
 * The stop as its windows show it, from the route state's narrow signals: it changes when this stop, the route's own
 * fields, the organisation or the settings change, not with another stop's patch.
 */
export function useStop(stopId: number): StopView {
  const { state } = useCore();
  const routeState = useRouteState();
  const frame = routeState.frame.value;
  const route = routeState.info.value;
  const stop = routeState.stop(stopId).value;
  const number = routeState.numbers.value.get(stopId) ?? null;
  const unsent = routeState.unsentStopIds.value.has(stopId);
  const organisation = state.organisation.value;
  const appConfig = state.appConfig.value;
  const language = state.settings.value.language;
  const parkedList = state.outbox.value.parked;
  // Read once per screen: the URL flag is remembered for the session by variant.ts.
  const [flag] = useState(currentVariantFlag);
  const status = frame?.status ?? null;

  return useMemo((): StopView => {
    if (status === null || status === 'loading' || (!route && status !== 'failed'))
      return { status: 'loading', language };
    if (!route || !stop) return { status: 'missing', language };
    const gates = featureGates(organisation?.plan ?? null, route.publication_settings);
    return {
      status: 'ready',
      language,
      route,
      // The route closed under the screen (it is leaving): the rules then see this stop alone.
      routeNow: () => state.route.peek()?.route ?? null,
      stop,
      number,
      organisation,
      variant: resolveVariant(flag, organisation, appConfig),
      gates,
      required: requiredProofs(
        stop.requirements,
        gates,
        organisation?.config.require_name_with_signature ?? false,
        stop.units,
      ),
      outcomes: stopOutcomes(organisation?.plan ?? null, route.publication_settings, organisation?.config ?? null),
      scanning: gates.barcode && hasScannableUnits(stop),
      unsent,
      parked: parkedList.findLast((p) => p.routeId === route.id && p.stopId === stopId) ?? null,
    };
  }, [status, route, stop, number, unsent, stopId, organisation, appConfig, language, flag, parkedList, state]);
}

/** Keeps the device's position watched while the screen is open; `position()` is the last fix, if any. */
export function usePosition(): () => { lat: number; lng: number } | null {
  useEffect(() => startGeolocation(), []);
  return () => {
    const fix = geoPosition.peek();
    return fix ? { lat: fix.lat, lng: fix.lng } : null;
  };
}
