/**
 * The route as the view shows it: this route's slice of the core's state (`mine`, null while another route's is
 * there), and what the list or map draws of it. The stops follow in a transition: a patch re-renders the header at
 * once, then the list or map without blocking (React yields between rows), so a long route never makes one long
 * task of it; the stops and the line keep their identity while their content is the same (stable-route.ts).
 *
 * Reads the core's state signals: call it from a component that calls useSignals() itself.
 */
import { useDeferredValue, useMemo } from 'react';
import { useCore } from '../../app/core-context.tsx';
import { sameLine, useStable, useStableStops } from './stable-route.ts';

export function useShownRoute(routeId: number) {
  const { state } = useCore();
  const slice = state.route.value;
  const mine = slice?.routeId === routeId ? slice : null;
  const shown = useDeferredValue(mine);
  const stops = useStableStops(shown?.route?.stops ?? null);
  const line = useStable(shown?.line ?? null, sameLine);
  const shownRoute = shown?.route;
  const stableRoute = useMemo(() => (shownRoute && stops ? { ...shownRoute, stops } : null), [shownRoute, stops]);
  // The stops whose completion the server refused for good on this route (not saved).
  const parked = state.outbox.value.parked;
  const parkedStopIds = useMemo(
    () => parked.filter((p) => p.routeId === routeId).map((p) => p.stopId),
    [parked, routeId],
  );
  return { mine, shown, line, stableRoute, parkedStopIds };
}

export type ShownRoute = ReturnType<typeof useShownRoute>;
