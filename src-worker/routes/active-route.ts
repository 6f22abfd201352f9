/**
 * The route open in the route view: fetched (or read from the device's copy), its planned line, starting it,
 * completing stops through the outbox, and finishing it. Rules come from src-shared/domain/stops.ts.
 */
import { fail, okVoid, type Result, type StopCompletion } from '../../src-shared/api/worker-api.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import { actionBlock, allWorkDone, isDone, nextActiveStop, startTooEarly } from '../../src-shared/domain/stops.ts';
import { secondsInZone } from '../../src-shared/domain/time-zone.ts';
import type { Route, Stop } from '../../src-shared/protocol/entities.ts';
import type { OsrmAnswer, StopUpdateRequest } from '../../src-shared/protocol/http.ts';
import type { ActiveRouteState } from '../../src-shared/state/app-state.ts';
import type { Store } from '../core/store.ts';
import { decodeLine } from '../media/polyline.ts';
import type { ApiClient } from '../net/api-client.ts';
import type { AppStorage } from '../storage/app-db.ts';
import type { Outbox } from './outbox.ts';
import { clearsLink, routeFetchFailure, startFailure } from './route-errors.ts';

export interface ActiveRouteDeps {
  store: Store;
  api: () => ApiClient;
  storage: () => Promise<AppStorage>;
  outbox: Outbox;
  now: () => number;
  /** Ends the shared link's session (section 8: other 404/400 clear the link data). */
  closeLink: () => void;
}

const cacheKey = (routeId: number) => `route:${routeId}`;
const coords = (p: { lat: number; lng: number } | null | undefined) =>
  p ? { lat: p.lat.toFixed(7), lng: p.lng.toFixed(7) } : {};
/**
 * Seconds since midnight on the organisation's clocks when its time zone is known, else the device's, as text (the
 * stop update payload's finish_time). The server takes it from completed_at in the organisation's zone anyway;
 * this is what the stop shows until the server answers.
 */
function finishTime(ms: number, timeZone: string | undefined): string {
  if (timeZone) return String(secondsInZone(ms, timeZone));
  const d = new Date(ms);
  return String(d.getHours() * 3600 + d.getMinutes() * 60 + d.getSeconds());
}

/**
 * The stop update payload of spec section 3: a skipped stop sends only status, position and the two notes;
 * a delivered one adds its proofs (images as an indexed map) and, in the cleaning variant, the status picker.
 */
export function stopUpdateBody(completion: StopCompletion, nowMs: number, timeZone?: string): StopUpdateRequest {
  const body: StopUpdateRequest = {
    status: completion.status,
    ...coords(completion.position),
    completion_note: completion.completion_note ?? null,
    recipient_note: completion.recipient_note ?? null,
  };
  if (completion.status === 'skipped') return body;
  const proofs = completion.proofs ?? {};
  return {
    ...body,
    signature: proofs.signature ?? null,
    signature_name: proofs.signature_name ?? null,
    recipient_date_of_birth: proofs.recipient_date_of_birth ?? null,
    images: Object.fromEntries((proofs.images ?? []).map((image, i) => [String(i), image])),
    finish_time: finishTime(nowMs, timeZone),
    completed_at: new Date(nowMs).toISOString(),
    ...(completion.cleaning
      ? {
          cleaning_status: completion.cleaning.status,
          cleaning_definition: completion.cleaning.definition,
          sticker: completion.cleaning.sticker,
        }
      : {}),
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
    for (const [key, value] of Object.entries(change)) store.replace(['route', key], value);
  };

  /** Shows a route: marks unsent stops as the device knows them and keeps the finishing state in step. */
  async function show(route: Route, fromCache: boolean) {
    // What the device holds but the server does not have yet still shows as done.
    const pending = await deps.outbox.pending(route.id);
    const local = new Map(pending.map((p) => [p.stopId, p.status]));
    const stops: Stop[] = route.stops.map((s) => {
      const status = local.get(s.id);
      return status ? { ...s, status } : s;
    });
    const unsent = [...local.keys()];
    const shown = { ...route, stops };
    // The active stop stays while it is open; once done, the next open stop after it takes over.
    const previous = current()?.activeStopId ?? null;
    const still = stops.find((s) => s.id === previous && !isDone(s));
    patch({
      status: 'ready',
      route: shown,
      fromCache,
      unsentStopIds: unsent,
      activeStopId: still ? still.id : nextActiveStop(stops, stops.some((s) => s.id === previous) ? previous : null),
      finishing: route.status !== 'finished' && allWorkDone(stops),
    });
    if (!fromCache) await (await deps.storage()).putCache(cacheKey(route.id), route);
  }

  async function loadLine(route: Route) {
    if (route.stops.length < 2) return;
    const coordinates = route.stops.map((s) => `${s.address.lng},${s.address.lat}`).join(';');
    const res = await deps.api().request<OsrmAnswer>('POST', '/v1/osrmb?overview=full', {
      auth: 'route',
      body: { coordinates, profile: route.vehicle_profile },
    });
    const geometry = res.ok ? res.data.routes[0]?.geometry : undefined;
    if (!geometry || current()?.routeId !== route.id) return;
    patch({ line: decodeLine(geometry), lineIsFallback: res.ok && res.data.fallback === true });
  }

  async function fetchRoute(routeId: number): Promise<Result> {
    const res = await deps.api().request<Route>('GET', `/v1/projects/routes/${routeId}`, { auth: 'route' });
    if (current()?.routeId !== routeId) return okVoid;
    if (res.ok) {
      if (!res.data.publication_settings) return fail('no_publication_settings');
      await show(res.data, false);
      return okVoid;
    }
    const failure = routeFetchFailure(res);
    const cached = await (await deps.storage()).getCache<Route>(cacheKey(routeId));
    if (failure.error === 'fetch_failed' && cached) {
      await show(cached, true);
      return fail('offline');
    }
    if (clearsLink(failure)) deps.closeLink();
    if (current()?.status !== 'ready') patch({ status: 'failed' });
    return failure;
  }

  /** Sends what waits in the outbox; the last answer refreshes the route. */
  async function flush(routeId: number) {
    const outcome = await deps.outbox.flush(routeId);
    if (current()?.routeId !== routeId) return outcome;
    if (outcome.route) await show(outcome.route, false);
    else patch({ unsentStopIds: (await deps.outbox.pending(routeId)).map((p) => p.stopId) });
    return outcome;
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
      } satisfies ActiveRouteState);
      const result = await fetchRoute(routeId);
      const route = current()?.route;
      if (route) {
        void loadLine(route);
        void flush(routeId);
      }
      return result;
    },

    async refresh(): Promise<Result> {
      const active = current();
      if (!active) return fail('not_found');
      patch({ busy: 'refreshing' });
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
      void syncStart(started, position);
      return okVoid;
    },

    async complete(stopId: number, completion: StopCompletion): Promise<Result> {
      const active = current();
      const route = active?.route;
      if (!active || !route) return fail('not_found');
      const block = actionBlock(route, stopId);
      if (block) return fail('blocked', block.kind);
      const body = stopUpdateBody(completion, deps.now(), store.get().organisation?.time_zone);
      await deps.outbox.add(route.id, route.project_id, stopId, body);
      // The flow moves on at once: the stop shows done (and unsent until the server has it).
      // The stop shows what the driver entered at once (its notes and time too), not only its new status.
      const stops = route.stops.map((s) =>
        s.id === stopId
          ? {
              ...s,
              status: completion.status,
              completion_note: body.completion_note ?? null,
              recipient_note: body.recipient_note ?? null,
              finish_time: body.finish_time === undefined ? s.finish_time : Number(body.finish_time),
              completed_at: body.completed_at ?? s.completed_at,
            }
          : s,
      );
      patch({
        route: { ...route, stops },
        unsentStopIds: [...new Set([...active.unsentStopIds, stopId])],
        activeStopId: nextActiveStop(stops, stopId),
        finishing: allWorkDone(stops),
      });
      await flush(route.id);
      return okVoid;
    },

    async finish(position: { lat: number; lng: number } | null): Promise<Result> {
      const route = current()?.route;
      if (!route) return fail('not_found');
      if (!allWorkDone(route.stops)) return fail('blocked', 'complete_all_first');
      patch({ busy: 'finishing' });
      const outcome = await flush(route.id);
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

    /** Back online: send what waits. */
    async resend(): Promise<void> {
      const active = current();
      if (active?.route) await flush(active.routeId);
    },
  };

  /** After a start, the service_change event of section 7 (on the socket once it exists). */
  async function syncStart(route: Route, position: { lat: number; lng: number } | null) {
    const plan = store.get().organisation?.plan;
    if (plan && !plan.ft_live_status_updates) return;
    const first = route.stops[0];
    if (!first) return;
    const ETAs = Object.fromEntries(
      route.stops.filter((s) => s.arr_time !== null).map((s) => [String(s.id), s.arr_time!]),
    );
    await deps.api().request('POST', `/v1/projects/${route.project_id}/routes/${route.id}/events`, {
      auth: 'route',
      body: {
        type: 'service_change',
        data: {
          status: 'finished',
          service_id: first.id,
          ETAs,
          date: new Date(deps.now()).toISOString(),
          ...coords(position),
        },
      },
    });
  }
}

export type ActiveRoute = ReturnType<typeof createActiveRoute>;
