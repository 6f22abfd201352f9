/**
 * Everything the core does for routes (the list, the open route, the outbox of completions, the planned line),
 * loaded on first use: a start on the sign-in or account screen does not pay for it (critical-path budget).
 */

import type { ActiveRouteDeps } from './active-route.ts';
import { createActiveRoute } from './active-route.ts';
import { createOutbox } from './outbox.ts';
import { createRouteList } from './route-list.ts';

export interface RouteFeatureDeps extends Omit<ActiveRouteDeps, 'outbox'> {
  randomId: () => string;
  notifyOffline: () => void;
}

export function createRouteFeatures(deps: RouteFeatureDeps) {
  const outbox = createOutbox(deps.api, deps.storage, deps.randomId, deps.now);
  return {
    routeList: createRouteList(deps),
    activeRoute: createActiveRoute({ ...deps, outbox }),
  };
}

export type RouteFeatures = ReturnType<typeof createRouteFeatures>;
