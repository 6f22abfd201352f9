/**
 * Everything the core does for routes (the list, the open route, the outbox of completions, the planned line),
 * loaded on first use: a start on the sign-in or account screen does not pay for it (critical-path budget).
 *
 * This file composes them: the outbox (route-outbox.ts) and its summary in the state (outbox-summary.ts), the live
 * channel (src-worker/live/live.ts), the open route (active-route.ts) and the route list (route-list.ts).
 */
import { createLive } from '../live/live.ts';
import type { LiveDeps } from '../live/live-deps.ts';
import { type ActiveRoute, type ActiveRouteDeps, createActiveRoute } from './active-route.ts';
import { createOutboxSummary } from './outbox-summary.ts';
import { createRouteList } from './route-list.ts';
import { createRouteOutbox, type RouteOutboxDeps } from './route-outbox.ts';

export interface RouteFeatureDeps extends Omit<ActiveRouteDeps, 'outbox' | 'events'>, RouteOutboxDeps {
  notifyOffline: () => void;
  /** The live channel's needs (src-worker/live/live.ts). */
  live: Omit<LiveDeps, 'store' | 'api' | 'timers' | 'now' | 'route' | 'nextFrame'>;
  /** The open route's stop list changed: "Your route has been updated". */
  notifyRouteUpdated: () => void;
}

export function createRouteFeatures(deps: RouteFeatureDeps) {
  const { store } = deps;
  let activeRoute: ActiveRoute | null = null;
  const summary = createOutboxSummary(store, () => outbox);
  /** The outbox changed a route's items (this tab's or another's): the counts and the open route's marks follow. */
  function outboxChanged(routeId: number) {
    summary.summarise();
    void activeRoute?.outboxChanged(routeId);
  }

  const outbox = createRouteOutbox(deps, { changed: outboxChanged, activeRoute: () => activeRoute });
  const live = createLive({
    ...deps.live,
    store,
    api: deps.api,
    timers: deps.timers,
    now: deps.now,
    route: () => activeRoute!,
    // About one frame: patches are for painting, so they need go no faster.
    nextFrame: (release) => void setTimeout(release, 16),
  });
  activeRoute = createActiveRoute({
    ...deps,
    outbox,
    events: { ...live.events, stopListChanged: deps.notifyRouteUpdated },
  });
  summary.summarise();
  // Another tab sent, parked or added items: this tab's counts and marks follow (its own queue is in the same store).
  deps.channel?.addEventListener('message', ({ data }) => outboxChanged(data.routeId));

  return {
    /** The server refused the route's shared link: its unsent completions are parked, and the view says how many. */
    async linkRefused(routeId: number, owner: string): Promise<void> {
      const notSaved = await outbox.parkRefusedLink(owner, routeId);
      await activeRoute.linkRefused(routeId, notSaved);
    },
    routeList: createRouteList(deps),
    activeRoute,
    outbox,
    live,
    summarise: summary.summarise,
  };
}

export type RouteFeatures = ReturnType<typeof createRouteFeatures>;
