/**
 * What an open route needs offline beyond its own load, fetched once the route view has painted its route and is
 * idle: with map view on, the map's code, into the service worker's map cache once it controls the page
 * (prefetch-code.ts), so a driver who had the app online once gets the map on any route offline. With map view
 * off, or data saver on, the map's code is never fetched ahead. (The code of every screen a stop needs is in the
 * route view's own load: stop-code.ts.)
 */
import { useEffect } from 'react';
import { prefetchMapCode } from '../../map/prefetch-code.ts';
import { whenIdle } from '../../platform/idle.ts';

/** `shown`: the route's stops are on screen. `mapView`: the driver's map view setting is on. */
export function useOfflineAhead(shown: boolean, mapView: boolean): void {
  // Soon: the view has asked for the map's code itself, so this mostly copies it from the browser's HTTP cache into
  // the map cache (a reload offline before that finds no map code).
  useEffect(() => (shown && mapView ? whenIdle(prefetchMapCode, 1000) : undefined), [shown, mapView]);
}
