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
import { countToShow } from '../../../src-shared/domain/stops.ts';
import { hasScannableUnits } from '../../../src-shared/domain/unit-scans.ts';
import { resolveVariant, type Variant } from '../../../src-shared/domain/variant.ts';
import type { Organisation, Route, Stop } from '../../../src-shared/protocol/entities.ts';
import type { ParkedCompletion } from '../../../src-shared/state/app-state.ts';
import { useCore } from '../../app/core-context.tsx';
import { geoPosition, startGeolocation } from '../../platform/geolocation.ts';
import { currentVariantFlag } from '../../stops/variant.ts';

interface Loaded {
  status: 'ready';
  route: Route;
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

export function useStop(stopId: number): StopView {
  const { state } = useCore();
  const active = state.route.value;
  const organisation = state.organisation.value;
  const appConfig = state.appConfig.value;
  const language = state.settings.value.language;
  const parkedList = state.outbox.value.parked;
  // Read once per screen: the URL flag is remembered for the session by variant.ts.
  const [flag] = useState(currentVariantFlag);
  const route = active?.route ?? null;

  return useMemo((): StopView => {
    if (!active || active.status === 'loading' || (!route && active.status !== 'failed'))
      return { status: 'loading', language };
    const index = route ? route.stops.findIndex((s) => s.id === stopId) : -1;
    if (!route || index < 0) return { status: 'missing', language };
    const stop = route.stops[index]!;
    const gates = featureGates(organisation?.plan ?? null, route.publication_settings);
    return {
      status: 'ready',
      language,
      route,
      stop,
      number: countToShow(route.stops)[index] ?? null,
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
      unsent: active.unsentStopIds.includes(stopId),
      parked: parkedList.findLast((p) => p.routeId === route.id && p.stopId === stopId) ?? null,
    };
  }, [active, route, stopId, organisation, appConfig, language, flag, parkedList]);
}

/** Keeps the device's position watched while the screen is open; `position()` is the last fix, if any. */
export function usePosition(): () => { lat: number; lng: number } | null {
  useEffect(() => startGeolocation(), []);
  return () => {
    const fix = geoPosition.peek();
    return fix ? { lat: fix.lat, lng: fix.lng } : null;
  };
}
