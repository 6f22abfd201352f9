/**
 * The open route's planned line (the server's OSRM call), drawn on the map: asked for once per route, vehicle and
 * stop places, and asked again when the stops move or the last ask brought no line.
 */
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { OsrmAnswer } from '../../src-shared/protocol/http.ts';
import type { CoreContext } from '../core-context.ts';
import { decodeLine } from '../media/polyline.ts';
import type { ShownRoute } from './shown-route.ts';

export interface RouteLine {
  /** Asks for the route's line and shows it; a second ask for the same stops and vehicle shares the first. */
  load(route: Route): Promise<void>;
  /** A route opens: whatever line was asked for before is asked again. */
  forget(): void;
}

export function createRouteLine(
  core: Pick<CoreContext, 'api'>,
  shown: Pick<ShownRoute, 'current' | 'patch'>,
): RouteLine {
  /** The line asked for (by the route's stops' places and vehicle): a second ask for the same one shares it. */
  let lineAsked: { key: string; loading: Promise<void> } | null = null;

  return {
    load(route) {
      if (route.stops.length < 2) return Promise.resolve();
      const coordinates = route.stops.map((s) => `${s.address.lng},${s.address.lat}`).join(';');
      const key = `${route.id}|${route.vehicle_profile}|${coordinates}`;
      if (lineAsked?.key === key) return lineAsked.loading;
      const loading = (async () => {
        const res = await core.api.request<OsrmAnswer>('POST', '/v1/osrmb?overview=full', {
          auth: 'route',
          body: { coordinates, profile: route.vehicle_profile },
        });
        const geometry = res.ok ? res.data.routes[0]?.geometry : undefined;
        // No line this time (offline, a refusal): the next show of the route asks again.
        if (!geometry && lineAsked?.key === key) lineAsked = null;
        if (!geometry || shown.current()?.routeId !== route.id) return;
        shown.patch({ line: decodeLine(geometry), lineIsFallback: res.ok && res.data.fallback === true });
      })();
      lineAsked = { key, loading };
      return loading;
    },

    forget() {
      lineAsked = null;
    },
  };
}
