/**
 * The driver's intents that change the route's status on the server: starting it (not before its day) and finishing
 * it (once every stop is done and the outbox has sent them all).
 */

import { fail, okVoid, type Result } from '../../src-shared/api/worker-api.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import { allWorkDone, startTooEarly } from '../../src-shared/domain/stops.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { Emit } from '../base/events.ts';
import type { ApiClient } from '../net/api-client.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { startFailure } from './route-errors.ts';
import type { RouteEvent } from './route-events.ts';
import type { RouteFetch } from './route-fetch.ts';
import type { ShownRoute } from './shown-route.ts';
import { coords } from './stop-update-body.ts';

export interface RouteStatusDeps {
  api: () => ApiClient;
  outbox: Pick<Outbox, 'sessionItems' | 'flushes'>;
  now: () => number;
  /** Ends the shared link's session (section 8: other 404/400 clear the link data). */
  closeLink: () => void;
  emit: Emit<RouteEvent>;
  shown: ShownRoute;
  fetch: RouteFetch;
}

export function createRouteStatus(deps: RouteStatusDeps) {
  const { shown } = deps;
  return {
    async start(position: { lat: number; lng: number } | null): Promise<Result> {
      const route = shown.current()?.route;
      if (!route) return fail('not_found');
      const today = localDate(new Date(deps.now()));
      if (startTooEarly(route.publication_settings.project_date, today))
        return fail('start_too_early', route.publication_settings.project_date);
      shown.patch({ busy: 'starting' });
      const res = await deps.api().request<Route[]>('POST', `/v1/projects/${route.project_id}/routes/${route.id}`, {
        auth: 'route',
        body: { status: 'in_progress', ...coords(position) },
      });
      shown.patch({ busy: null });
      if (!res.ok) {
        const failure = startFailure(res);
        if (failure.error === 'not_found') {
          deps.closeLink();
          shown.close();
        }
        return failure;
      }
      const started = res.data.find((r) => r.id === route.id) ?? res.data[0]!;
      await shown.show(started, false);
      deps.emit({ type: 'route/started', route: started, position });
      return okVoid;
    },

    async finish(position: { lat: number; lng: number } | null): Promise<Result> {
      const route = shown.current()?.route;
      if (!route) return fail('not_found');
      if (!allWorkDone(route.stops)) return fail('blocked', 'complete_all_first');
      // A stop the server refused is done on the phone only: the route cannot end before it is sent or discarded.
      if ((await deps.outbox.sessionItems.items(route.id)).some((i) => i.state === 'parked'))
        return fail('blocked', 'not_saved');
      shown.patch({ busy: 'finishing' });
      const outcome = await deps.outbox.flushes.flush(route.id);
      if (outcome.pending > 0) {
        shown.patch({ busy: null });
        return fail('unsent_pending');
      }
      const res = await deps.api().request<Route[]>('POST', `/v1/projects/${route.project_id}/routes/${route.id}`, {
        auth: 'route',
        body: { status: 'finished', ...coords(position) },
      });
      shown.patch({ busy: null });
      if (!res.ok) return res.kind === 'offline' ? fail('unsent_pending') : startFailure(res);
      await deps.fetch.fetchRoute(route.id);
      return okVoid;
    },
  };
}
