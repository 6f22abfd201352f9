/**
 * What the Scan screen does with a code, from the camera or typed (ScanPanel): matched against this stop's parcels
 * as scanned so far, then the route's other stops; a parcel of this stop is ticked off in the scan draft with a short
 * vibration and tone. Holds the feedback line the screen shows for the last code.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchCode } from '../../src-shared/domain/unit-scans.ts';
import type { Route, Stop, UnitScanMethod } from '../../src-shared/protocol/entities.ts';
import { buzz } from '../platform/camera.ts';
import { createMatchSound, type MatchSound } from '../platform/match-sound.ts';
import { draftUnits, recordScan } from './scan-draft.ts';
import { type ScanFeedback, scanFeedback } from './scan-feedback.ts';

export interface ScanMatch {
  /** The last code's outcome, or null before the first. */
  feedback: ScanFeedback | null;
  /** Checks a code; true when it is one of this stop's parcels (the typed code can then be cleared). */
  handle(text: string, method: UnitScanMethod): boolean;
}

export function useScanMatch(routeNow: () => Pick<Route, 'stops'> | null, stop: Stop): ScanMatch {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState<ScanFeedback | null>(null);
  const sound = useMatchSound();

  // Reads the scan draft when a code arrives, not while rendering: the parcels as scanned at that moment.
  function handle(text: string, method: UnitScanMethod): boolean {
    const here = { ...stop, units: draftUnits(stop) };
    const route = routeNow();
    // The route closed under the scanner: the screen is leaving, the code is not taken.
    if (!route) return false;
    const match = matchCode(
      route.stops.map((s) => (s.id === stop.id ? here : s)),
      stop.id,
      text,
    );
    if (match.kind === 'unit' && !match.already) {
      recordScan(stop.id, match.unitId, method, new Date());
      buzz();
      sound.current?.play();
    }
    setFeedback(scanFeedback(match, text, route, here, t));
    return match.kind === 'unit';
  }

  return { feedback, handle };
}

/** The match tone, made when the screen opens (after the tap, so the browser lets it play) and freed when it closes. */
function useMatchSound(): RefObject<MatchSound | null> {
  const sound = useRef<MatchSound | null>(null);
  useEffect(() => {
    sound.current = createMatchSound();
    return () => sound.current?.close();
  }, []);
  return sound;
}
