/**
 * The route open in the route view: fetched (or read from the device's copy), its planned line, starting it,
 * completing stops through the outbox, and finishing it. Rules come from src-shared/domain/stops.ts.
 */
import { fail, okVoid, type Result, type StopCompletion } from '../../src-shared/api/worker-api.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import { replacesCopy } from '../../src-shared/domain/route-version.ts';
import {
  actionBlock,
  allWorkDone,
  countToShow,
  isDone,
  nextActiveStop,
  startTooEarly,
  stopName,
} from '../../src-shared/domain/stops.ts';
import { applyUnitScans } from '../../src-shared/domain/unit-scans.ts';
import type { Route, Stop } from '../../src-shared/protocol/entities.ts';
import type { OsrmAnswer, StopUpdateRequest } from '../../src-shared/protocol/http.ts';
import type { ActiveRouteState } from '../../src-shared/state/app-state.ts';
import type { Store } from '../core/store.ts';
import { decodeLine } from '../media/polyline.ts';
import { isPhotoHandle, type PreparedPhotos } from '../media/prepared-photos.ts';
import type { ApiClient } from '../net/api-client.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { AppStorage } from '../storage/app-db.ts';
import { checkCompletionInCore } from './completion-check.ts';
import { clearsLink, losesRoute, routeFetchFailure, startFailure } from './route-errors.ts';
import { coords, stopUpdateBody, withinRouteTime } from './stop-update-body.ts';

export { stopUpdateBody };

export interface ActiveRouteDeps {
  store: Store;
  api: () => ApiClient;
  storage: () => Promise<AppStorage>;
  outbox: Outbox;
  now: () => number;
  /** Photos resized for the complete screen: a completion names its new ones by handle. */
  photos: PreparedPhotos;
  /** Ends the shared link's session (section 8: other 404/400 clear the link data). */
  closeLink: () => void;
  /** What the live channel (src-worker/live) sends on, and what the driver is told of a changed stop list. */
  events: RouteEvents;
}

export interface RouteEvents {
  /** The route was started (the answer's ETAs included): the start sync of section 7. */
  started(route: Route, position: { lat: number; lng: number } | null): void;
  /** A stop was completed on this device just now (not a replay of an older one). */
  stopChanged(route: Route, stopId: number, body: StopUpdateRequest): void;
  /** The server's copy of the open route has other stops, or in another order, than before. */
  stopListChanged(): void;
  /** A copy of the route was shown (the server's, or the device's): its status decides live tracking. */
  shown(route: Route): void;
}

const cacheKey = (routeId: number) => `route:${routeId}`;

/** A stop as the driver left it: done (or skipped) with their notes and time, before the server has it. */
function withCompletion(
  stop: Stop,
  body: Pick<
    StopUpdateRequest,
    'status' | 'completion_note' | 'recipient_note' | 'finish_time' | 'completed_at' | 'units'
  >,
): Stop {
  return {
    ...stop,
    units: applyUnitScans(stop.units ?? [], body.units),
    status: body.status,
    completion_note: body.completion_note ?? null,
    recipient_note: body.recipient_note ?? null,
    finish_time: body.finish_time === undefined ? stop.finish_time : Number(body.finish_time),
    completed_at: body.completed_at ?? stop.completed_at,
  };
}

export function createActiveRoute(deps: ActiveRouteDeps) {
  const { store } = deps;
  const current = () => store.get().route;
  /**
   * Field by field, and each field as what differs from what the UI has: a new active stop sends just that field,
   * a completed stop (or the server's answer to it) just that stop's changed fields, not the whole route again.
   */
  const patch = (change: Partial<ActiveRouteState>) => {
    if (!current()) return;
    for (const key of Object.keys(change) as (keyof ActiveRouteState)[]) store.replace(['route', key], change[key]);
  };

  /** The route as the server (or the device's copy of its answer) last had it, before what waits is laid over it. */
  let serverCopy: Route | null = null;
  let showSeq = 0;

  /**
   * Shows a route: marks unsent stops as the device knows them and keeps the finishing state in step.
   * `fromCache`: shown from the device's copy because the server could not be reached. `copy`: the device's copy
   * shown while the server is asked (an open): neither marked as a fallback nor written back.
   */
  async function show(route: Route, fromCache: boolean, copy = fromCache) {
    // An answer older than the copy shown (a completion's answer overtaken by the next event, already applied) would
    // put back what has changed since: the copy holds all it says (versions, src-shared/domain/route-version.ts).
    if (!copy && serverCopy?.id === route.id && !replacesCopy(serverCopy.version, route.version)) return;
    const before = serverCopy?.id === route.id ? serverCopy.stops.map((s) => s.id).join() : null;
    serverCopy = route;
    // The last show called wins: its read of the outbox is the newest, and an older one finishing late must not put
    // back what has been sent since.
    const seq = ++showSeq;
    // The dispatcher reordered, added or removed stops ("Your route has been updated", spec section 8).
    if (before !== null && before !== route.stops.map((s) => s.id).join()) deps.events.stopListChanged();
    // What the device holds but the server does not have yet still shows as the driver left it: waiting to be sent,
    // or refused and kept (parked) for the driver to send again, edit or discard. A stop the driver completed counts
    // as done whatever the server answered, so a refusal never holds up the next door of an in-order route (issue 31);
    // a refused edit of a stop the server has done shows what the server has.
    const items = await deps.outbox.items(route.id);
    if (seq !== showSeq || current()?.routeId !== route.id) return;
    const waiting = new Map(items.filter((i) => i.state === 'queued').map((item) => [item.stopId, item]));
    const refused = new Map(items.filter((i) => i.state === 'parked').map((item) => [item.stopId, item]));
    const stops: Stop[] = route.stops.map((s) => {
      const item = waiting.get(s.id) ?? (isDone(s) ? undefined : refused.get(s.id));
      return item ? withCompletion(s, item.body) : s;
    });
    const shown = { ...route, stops };
    // The active stop stays while it is open; once done, the next open stop after it takes over.
    const previous = current()?.activeStopId ?? null;
    const still = stops.find((s) => s.id === previous && !isDone(s));
    patch({
      status: 'ready',
      route: shown,
      fromCache,
      unsentStopIds: [...waiting.keys()],
      activeStopId: still ? still.id : nextActiveStop(stops, stops.some((s) => s.id === previous) ? previous : null),
      finishing: route.status !== 'finished' && allWorkDone(stops),
    });
    deps.events.shown(route);
    if (!copy) await (await deps.storage()).putCache(cacheKey(route.id), route);
  }

  /** The line asked for (by the route's stops' places and vehicle): a second ask for the same one shares it. */
  let lineAsked: { key: string; loading: Promise<void> } | null = null;

  function loadLine(route: Route): Promise<void> {
    if (route.stops.length < 2) return Promise.resolve();
    const coordinates = route.stops.map((s) => `${s.address.lng},${s.address.lat}`).join(';');
    const key = `${route.id}|${route.vehicle_profile}|${coordinates}`;
    if (lineAsked?.key === key) return lineAsked.loading;
    const loading = (async () => {
      const res = await deps.api().request<OsrmAnswer>('POST', '/v1/osrmb?overview=full', {
        auth: 'route',
        body: { coordinates, profile: route.vehicle_profile },
      });
      const geometry = res.ok ? res.data.routes[0]?.geometry : undefined;
      // No line this time (offline, a refusal): the next show of the route asks again.
      if (!geometry && lineAsked?.key === key) lineAsked = null;
      if (!geometry || current()?.routeId !== route.id) return;
      patch({ line: decodeLine(geometry), lineIsFallback: res.ok && res.data.fallback === true });
    })();
    lineAsked = { key, loading };
    return loading;
  }

  /**
   * The shared link no longer opens the route: its copy goes from the screen and the device (a route shown as if
   * nothing happened would be worked in vain, offline too); what waits in the outbox stays, reported as not saved.
   */
  async function forgetRoute(routeId: number): Promise<void> {
    await (await deps.storage()).deleteCache(cacheKey(routeId));
    if (current()?.routeId !== routeId) return;
    serverCopy = null;
    patch({ status: 'failed', route: null, activeStopId: null });
  }

  async function fetchRoute(routeId: number): Promise<Result> {
    // Read before the call: a refused link is closed by the time its answer is read.
    const linked = store.get().session.link?.routeId === routeId;
    const res = await deps.api().request<Route>('GET', `/v1/projects/routes/${routeId}`, { auth: 'route' });
    if (current()?.routeId !== routeId) return okVoid;
    if (res.ok) {
      if (!res.data.publication_settings) return fail('no_publication_settings');
      await show(res.data, false);
      return okVoid;
    }
    const failure = routeFetchFailure(res, linked);
    const storage = await deps.storage();
    const cached = await storage.getCache<Route>(cacheKey(routeId));
    if (failure.error === 'fetch_failed' && cached) {
      await show(cached, true);
      return fail('offline');
    }
    if (clearsLink(failure)) deps.closeLink();
    // A refused link is said through `lost`, whichever call of the link found it (linkRefused, from the session).
    if (failure.error !== 'link_refused' && current()?.status !== 'ready') patch({ status: 'failed' });
    return failure;
  }

  return {
    async open(routeId: number, shared: boolean): Promise<Result> {
      store.set(['route'], {
        routeId,
        shared,
        status: 'loading',
        route: null,
        line: null,
        lineIsFallback: false,
        activeStopId: null,
        unsentStopIds: [],
        busy: null,
        finishing: false,
        fromCache: false,
        lost: null,
        changes: null,
      } satisfies ActiveRouteState);
      serverCopy = null;
      // Stale-while-revalidate: the device's copy shows at once, and the server's answer replaces it when it comes.
      lineAsked = null;
      const cached = await (await deps.storage()).getCache<Route>(cacheKey(routeId));
      if (cached && current()?.routeId === routeId && current()?.status === 'loading') {
        await show(cached, false, true);
        patch({ busy: 'refreshing' });
        // The line of the stops as the device has them, asked for beside the route (not one round trip after it);
        // the server's answer asks again only if the stops moved.
        void loadLine(cached);
      }
      const result = await fetchRoute(routeId);
      if (current()?.routeId === routeId && current()?.busy === 'refreshing') patch({ busy: null });
      const route = current()?.route;
      if (route) {
        void loadLine(route);
        void deps.outbox.flush(routeId);
      }
      return result;
    },

    async refresh(): Promise<Result> {
      const active = current();
      if (!active) return fail('not_found');
      patch({ busy: 'refreshing', changes: null });
      const result = await fetchRoute(active.routeId);
      patch({ busy: null });
      return result;
    },

    close() {
      store.set(['route'], null);
    },

    select(stopId: number) {
      patch({ activeStopId: stopId });
    },

    async start(position: { lat: number; lng: number } | null): Promise<Result> {
      const route = current()?.route;
      if (!route) return fail('not_found');
      const today = localDate(new Date(deps.now()));
      if (startTooEarly(route.publication_settings.project_date, today))
        return fail('start_too_early', route.publication_settings.project_date);
      patch({ busy: 'starting' });
      const res = await deps.api().request<Route[]>('POST', `/v1/projects/${route.project_id}/routes/${route.id}`, {
        auth: 'route',
        body: { status: 'in_progress', ...coords(position) },
      });
      patch({ busy: null });
      if (!res.ok) {
        const failure = startFailure(res);
        if (failure.error === 'not_found') {
          deps.closeLink();
          store.set(['route'], null);
        }
        return failure;
      }
      const started = res.data.find((r) => r.id === route.id) ?? res.data[0]!;
      await show(started, false);
      deps.events.started(started, position);
      return okVoid;
    },

    async complete(stopId: number, completion: StopCompletion): Promise<Result> {
      const active = current();
      const route = active?.route;
      if (!active || !route) return fail('not_found');
      const block = actionBlock(route, stopId);
      if (block) return fail('blocked', block.kind);
      const timeZone = store.get().organisation?.time_zone;
      const index = route.stops.findIndex((s) => s.id === stopId);
      const stop = route.stops[index];
      if (!stop) return fail('stop_not_found');
      // The rules the screen shows, checked again here: nothing they refuse is ever queued (issue 21).
      const problems = checkCompletionInCore({
        route,
        stop,
        completion,
        organisation: store.get().organisation,
        appConfig: store.get().appConfig,
        variant: completion.variant,
        nowMs: deps.now(),
      });
      if (problems.length > 0) return fail('invalid_completion', problems.join(','));
      const images = completion.proofs?.images ?? [];
      if (images.some((image) => isPhotoHandle(image) && !deps.photos.get(image)))
        return fail('invalid_completion', 'photo_missing');
      const built = stopUpdateBody(completion, deps.now(), timeZone, deps.photos.capturedAt);
      const body = withinRouteTime(built, route, timeZone, deps.now());
      const label = { id: stopId, number: countToShow(route.stops)[index] ?? null, name: stopName(stop) };
      // Stored on the device (strict durability) before anything else: from here on it reaches the server once.
      const queued = await deps.outbox.add(route.id, route.project_id, label, body, deps.photos.get);
      if (!queued) return fail('unauthorized');
      // The flow moves on at once, without waiting for the server: the stop shows what the driver entered (done,
      // its notes and time), marked unsent until the server has it; the outbox sends it in the background.
      const stops = route.stops.map((s) => (s.id === stopId ? withCompletion(s, body) : s));
      patch({
        route: { ...route, stops },
        unsentStopIds: [...new Set([...active.unsentStopIds, stopId])],
        activeStopId: nextActiveStop(stops, stopId),
        finishing: allWorkDone(stops),
      });
      deps.events.stopChanged({ ...route, stops }, stopId, body);
      // Sent in the background, after the stop shows done: the server's answer then lands on top of it.
      void deps.outbox.flush(route.id);
      return okVoid;
    },

    async finish(position: { lat: number; lng: number } | null): Promise<Result> {
      const route = current()?.route;
      if (!route) return fail('not_found');
      if (!allWorkDone(route.stops)) return fail('blocked', 'complete_all_first');
      // A stop the server refused is done on the phone only: the route cannot end before it is sent or discarded.
      if ((await deps.outbox.items(route.id)).some((i) => i.state === 'parked')) return fail('blocked', 'not_saved');
      patch({ busy: 'finishing' });
      const outcome = await deps.outbox.flush(route.id);
      if (outcome.pending > 0) {
        patch({ busy: null });
        return fail('unsent_pending');
      }
      const res = await deps.api().request<Route[]>('POST', `/v1/projects/${route.project_id}/routes/${route.id}`, {
        auth: 'route',
        body: { status: 'finished', ...coords(position) },
      });
      patch({ busy: null });
      if (!res.ok) return res.kind === 'offline' ? fail('unsent_pending') : startFailure(res);
      await fetchRoute(route.id);
      return okVoid;
    },

    /** The route as the server last had it (for the live channel's merges), if this route is open. */
    serverRoute(routeId: number): Route | null {
      return current()?.routeId === routeId && serverCopy?.id === routeId ? serverCopy : null;
    },

    /** A change the live channel learned of (a stop, the settings): shown as if the server had answered it. */
    async showServerChange(route: Route): Promise<void> {
      if (current()?.routeId === route.id) await show(route, false);
    },

    /** The server refused the route's shared link (any call of it): the route goes, and the view says why. */
    async linkRefused(routeId: number, notSaved: number): Promise<void> {
      await forgetRoute(routeId);
      if (current()?.routeId === routeId) patch({ lost: 'link_refused', lostNotSaved: notSaved });
    },

    /** The dispatcher changed the route under the driver: the New Changes dialog asks to refresh. */
    flagChanges(routeId: number, kind: NonNullable<ActiveRouteState['changes']>) {
      if (current()?.routeId === routeId) patch({ changes: kind });
    },

    dismissChanges() {
      patch({ changes: null });
    },

    /** The outbox changed this route's items: what shows as unsent (and done) follows. */
    async outboxChanged(routeId: number): Promise<void> {
      if (current()?.routeId === routeId && serverCopy?.id === routeId)
        await show(serverCopy, current()?.fromCache ?? false);
    },

    /** The server took a completion: its answer is the route as it has it now. */
    async completionSent(routeId: number, answer: Route | null): Promise<void> {
      if (answer && current()?.routeId === routeId) await show(answer, false);
    },

    /**
     * Fetches the route again without the driver asking (a refused completion, a dispatcher's reorder): when it is
     * gone or no longer theirs, `lost` says so and the UI leaves the spec's way.
     */
    async refetch(routeId: number): Promise<void> {
      if (current()?.routeId !== routeId) return;
      const result = await fetchRoute(routeId);
      // A refused link is said by linkRefused, with the count of what it leaves unsaved (see fetchRoute).
      if (!result.ok && losesRoute(result) && result.error !== 'link_refused')
        patch({ lost: result.error, ...(result.message ? { lostMessage: result.message } : {}) });
    },
  };
}

export type ActiveRoute = ReturnType<typeof createActiveRoute>;
