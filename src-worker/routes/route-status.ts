/**
 * The driver's intents that change the route's status on the server: starting it (not before its day) and finishing
 * it (once every stop is done and the outbox has sent them all).
 */

import { fail, okVoid, type Result } from '../../src-shared/api/worker-api.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import { allWorkDone, startTooEarly } from '../../src-shared/domain/stops.ts';
import type { Route } from '../../src-shared/protocol/entities.ts';
import type { CoreContext } from '../core-context.ts';
import type { OpenRouteDeps } from './open-route-deps.ts';
import { startFailure } from './route-errors.ts';
import type { RouteEvent } from './route-events.ts';
import { coords } from './stop-update-body.ts';

/** `RouteStatus` is the route's status as the server has it (entities.ts): this is the driver's way through them. */
export interface RouteProgress {
  /** Starts the open route (not before its day); the live channel hears `route/started`. */
  start(position: { lat: number; lng: number } | null): Promise<Result>;
  /** Finishes it once every stop is done and the outbox has sent them all. */
  finish(position: { lat: number; lng: number } | null): Promise<Result>;
}

export function createRouteProgress(core: CoreContext<RouteEvent>, open: OpenRouteDeps): RouteProgress {
  const { shown } = open;
  return {
    async start(position) {
      const route = shown.current()?.route;
      if (!route) return fail('not_found');
      const today = localDate(new Date(core.now()));
      if (startTooEarly(route.publication_settings.project_date, today))
        return fail('start_too_early', route.publication_settings.project_date);
      shown.patch({ busy: 'starting' });
      const res = await core.api.request<Route[]>('POST', `/v1/projects/${route.project_id}/routes/${route.id}`, {
        auth: 'route',
        body: { status: 'in_progress', ...coords(position) },
      });
      shown.patch({ busy: null });
      if (!res.ok) {
        const failure = startFailure(res);
        if (failure.error === 'not_found') {
          open.closeLink();
          shown.close();
        }
        return failure;
      }
      const started = res.data.find((r) => r.id === route.id) ?? res.data[0]!;
      await shown.show(started, false);
      core.emit({ type: 'route/started', route: started, position });
      return okVoid;
    },

    async finish(position) {
      const route = shown.current()?.route;
      if (!route) return fail('not_found');
      if (!allWorkDone(route.stops)) return fail('blocked', 'complete_all_first');
      // A stop the server refused is done on the phone only: the route cannot end before it is sent or discarded.
      if ((await open.outbox.sessionItems.items(route.id)).some((i) => i.state === 'parked'))
        return fail('blocked', 'not_saved');
      shown.patch({ busy: 'finishing' });
      const outcome = await open.outbox.flushes.flush(route.id);
      if (outcome.pending > 0) {
        shown.patch({ busy: null });
        return fail('unsent_pending');
      }
      const res = await core.api.request<Route[]>('POST', `/v1/projects/${route.project_id}/routes/${route.id}`, {
        auth: 'route',
        body: { status: 'finished', ...coords(position) },
      });
      shown.patch({ busy: null });
      if (!res.ok) return res.kind === 'offline' ? fail('unsent_pending') : startFailure(res);
      await open.fetch.fetchRoute(route.id);
      return okVoid;
    },
  };
}
