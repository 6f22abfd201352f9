/**
 * The route list: loaded from `GET /v1/projects/routes`, grouped for the New and Closed tabs by the shared rules,
 * kept in IndexedDB so the last list still shows offline. The Closed tab's read-only preview lives here too.
 *
 * This file keeps the loads in order (one at a time, and the load started ahead taken by the screen's first); one
 * load is list-fetch.ts, the preview route-preview.ts, what a failed load answers list-failure.ts.
 */
import type { Result } from '../../src-shared/api/worker-api.ts';
import type { CoreContext } from '../core-context.ts';
import { createListFetch } from './list-fetch.ts';
import type { ListAnswer } from './list-request.ts';
import type { RouteListEvent } from './route-events.ts';
import { createRoutePreview, type RoutePreview } from './route-preview.ts';

/** How long a load started ahead stands in for the screen's first load (a sign-in's, a start's). */
const AHEAD_KEPT_MS = 10_000;

export interface RouteList {
  /** Loads the list, one load at a time; the screen's first load takes the one started ahead. */
  load(options?: { refresh?: boolean }): Promise<Result>;
  /**
   * Starts a load before any screen asks (with the request the core already sent, if it did); the next `load()`
   * shares it instead of asking the server again.
   */
  loadAhead(started?: ListAnswer): Promise<Result>;
  /** The Closed tab's read-only preview (route-preview.ts). */
  preview: RoutePreview;
}

export function createRouteList(core: CoreContext<RouteListEvent>): RouteList {
  const { store } = core;
  const { fetchList } = createListFetch(core);
  let loading: Promise<Result> | null = null;
  /** A load the core started before any screen asked (loadAhead), kept for the list screen's first load. */
  let ahead: { result: Promise<Result>; at: number } | null = null;

  /** One load at a time: a second call while one runs shares its answer. */
  function load(options: { refresh?: boolean } = {}, started?: ListAnswer): Promise<Result> {
    // The screen's first load takes the answer of the load started ahead of it (in flight or just answered),
    // unless the driver asked for fresh data, the session ended since (the list is blank again), or it is old.
    const taken = ahead;
    ahead = null;
    const takeable = taken && core.now() - taken.at < AHEAD_KEPT_MS && store.get().routeList.status !== 'idle';
    if (!options.refresh && takeable) return taken.result;
    loading ??= fetchList(options.refresh ?? false, started).finally(() => {
      loading = null;
    });
    return loading;
  }

  return {
    load: (options) => load(options),
    loadAhead(started) {
      const result = load({}, started);
      ahead = { result, at: core.now() };
      return result;
    },
    preview: createRoutePreview(core),
  };
}
