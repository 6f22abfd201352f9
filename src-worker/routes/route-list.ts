/**
 * The route list: loaded from `GET /v1/projects/routes`, grouped for the New and Closed tabs by the shared rules,
 * kept in IndexedDB so the last list still shows offline. The Closed tab's read-only preview lives here too.
 */
import { fail, okVoid, type Result } from '../../src-shared/api/worker-api.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import { closedSections, openSections } from '../../src-shared/domain/route-list.ts';
import type { ProjectEntry, Route } from '../../src-shared/protocol/entities.ts';
import { SUBSCRIPTION_CANCELED_MESSAGE } from '../../src-shared/protocol/http.ts';
import type { RouteListState } from '../../src-shared/state/app-state.ts';
import type { Store } from '../core/store.ts';
import type { ApiClient, ApiOutcome } from '../net/api-client.ts';
// The list is cached as last shown, grouped: a start restores it into the first snapshot without the grouping code
// (create-worker-api.ts), and the next answer regroups it for the current day.
import { type AppStorage, ROUTE_LIST_CACHE } from '../storage/app-db.ts';
import { type ListAnswer, requestList } from './list-request.ts';

export interface RouteListDeps {
  store: Store;
  api: () => ApiClient;
  storage: () => Promise<AppStorage>;
  now: () => number;
  notifyOffline: () => void;
}

/** Section 8 "Route list load": canceled subscription, the server's words for another 400, else generic. */
export function listFailure(outcome: Exclude<ApiOutcome<unknown>, { ok: true }>) {
  if (outcome.kind === 'offline') return fail('offline');
  if (outcome.status === 401) return fail('unauthorized');
  if (outcome.status === 400 && outcome.message === SUBSCRIPTION_CANCELED_MESSAGE)
    return fail('subscription_cancelled');
  if (outcome.status === 400) return fail('server_message', outcome.message);
  return fail('unknown');
}

/** How long a load started ahead stands in for the screen's first load (a sign-in's, a start's). */
export const AHEAD_KEPT_MS = 10_000;

export function createRouteList(deps: RouteListDeps) {
  const { store } = deps;
  let loading: Promise<Result> | null = null;
  /** A load the core started before any screen asked (loadAhead), kept for the list screen's first load. */
  let ahead: { result: Promise<Result>; at: number } | null = null;

  function show(projects: ProjectEntry[], fetchedAt: number, fromCache: boolean): RouteListState {
    const today = localDate(new Date(deps.now()));
    const next: RouteListState = {
      status: 'ready',
      refreshing: false,
      today,
      sections: { new: openSections(projects, today), closed: closedSections(projects, today) },
      fetchedAt,
      fromCache,
    };
    // A reload mostly finds the same list: only what differs travels.
    store.replace(['routeList'], next);
    return next;
  }

  async function fetchList(refresh: boolean, started?: ListAnswer): Promise<Result> {
    const current = store.get().routeList;
    if (current.status === 'idle') {
      const cached = await (await deps.storage()).getCache<RouteListState>(ROUTE_LIST_CACHE);
      if (cached) store.replace(['routeList'], { ...cached, fromCache: true, refreshing: false });
      else store.set(['routeList', 'status'], 'loading');
    }
    // Only the flags change here: the sections are not sent again until the new list arrives.
    if (refresh || store.get().routeList.status === 'ready') store.set(['routeList', 'refreshing'], true);
    const res = await (started ?? requestList(deps.api()));
    store.set(['routeList', 'refreshing'], false);
    if (store.get().routeList.status === 'loading') store.set(['routeList', 'status'], 'idle');
    if (!res.ok) {
      if (res.kind === 'offline') deps.notifyOffline();
      return listFailure(res);
    }
    const shown = show(res.data, deps.now(), false);
    await (await deps.storage()).putCache(ROUTE_LIST_CACHE, shown);
    return okVoid;
  }

  /** One load at a time: a second call while one runs shares its answer. */
  function load(options: { refresh?: boolean } = {}, started?: ListAnswer): Promise<Result> {
    // The screen's first load takes the answer of the load started ahead of it (in flight or just answered),
    // unless the driver asked for fresh data, the session ended since (the list is blank again), or it is old.
    const taken = ahead;
    ahead = null;
    const takeable = taken && deps.now() - taken.at < AHEAD_KEPT_MS && store.get().routeList.status !== 'idle';
    if (!options.refresh && takeable) return taken.result;
    loading ??= fetchList(options.refresh ?? false, started).finally(() => {
      loading = null;
    });
    return loading;
  }

  return {
    load,

    /**
     * Starts a load before any screen asks (with the request the core already sent, if it did); the next `load()`
     * shares it instead of asking the server again.
     */
    loadAhead(started?: ListAnswer): Promise<Result> {
      const result = load({}, started);
      ahead = { result, at: deps.now() };
      return result;
    },

    async preview(routeId: number | null): Promise<Result> {
      if (routeId === null) {
        store.set(['preview'], null);
        return okVoid;
      }
      store.set(['preview'], { routeId, status: 'loading', route: null });
      const res = await deps.api().request<Route>('GET', `/v1/projects/routes/${routeId}`);
      // The driver may have closed or switched the preview meanwhile.
      if (store.get().preview?.routeId !== routeId) return okVoid;
      if (res.ok) {
        store.set(['preview'], { routeId, status: 'ready', route: res.data });
        return okVoid;
      }
      store.set(['preview'], { routeId, status: 'failed', route: null });
      if (res.kind === 'offline') return fail('offline');
      return res.status === 404 ? fail('not_found', res.message) : listFailure(res);
    },
  };
}
