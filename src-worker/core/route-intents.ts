/**
 * The route intents: the list, the open route and its stops, the live channel's part in them, and the completions
 * the server refused. Each goes to the route features (src-worker/routes), loaded on first use.
 */
import { fail, okVoid, type WorkerApi } from '../../src-shared/api/worker-api.ts';
import type { CoreContext } from '../core-context.ts';
import type { CoreServices } from './core-services.ts';

export type RouteIntents = Pick<
  WorkerApi,
  | 'loadRouteList'
  | 'previewRoute'
  | 'openRoute'
  | 'refreshRoute'
  | 'closeRoute'
  | 'startRoute'
  | 'selectStop'
  | 'completeStop'
  | 'finishRoute'
  | 'retryCompletion'
  | 'discardCompletion'
  | 'reportPosition'
  | 'dismissArrival'
  | 'confirmArrival'
  | 'dismissChanges'
>;

export function createRouteIntents(
  { store }: Pick<CoreContext, 'store'>,
  { routes, notices }: Pick<CoreServices, 'routes' | 'notices'>,
): RouteIntents {
  return {
    loadRouteList: async (options) => (await routes.get()).routeList.load(options),
    previewRoute: async (routeId) => (await routes.get()).routeList.preview.preview(routeId),

    async openRoute(routeId, options) {
      const { coordination, live } = await routes.get();
      const opening = coordination.open(routeId, options.shared);
      // The live channel opens with the route (from the device's copy too): it reconnects on its own.
      const known = store.get().route?.route ?? null;
      if (known) live.socket?.open({ routeId: known.id, projectId: known.project_id });
      const result = await opening;
      const shown = store.get().route?.route;
      if (shown && shown.id === routeId) live.socket?.open({ routeId: shown.id, projectId: shown.project_id });
      return result;
    },
    refreshRoute: async () => (await routes.get()).opening.refresh(),
    async closeRoute() {
      store.set(['route'], null);
      await routes.whenLoaded(({ coordination }) => coordination.routeClosed());
    },
    startRoute: async (position) => (await routes.get()).progress.start(position),
    selectStop: async (stopId) => (await routes.get()).coordination.select(stopId),
    completeStop: async (stopId, completion) => (await routes.get()).completion.complete(stopId, completion),
    finishRoute: async (position) => (await routes.get()).progress.finish(position),

    async retryCompletion(id) {
      return (await (await routes.get()).outbox.parked.retry(id)) ? okVoid : fail('not_found');
    },
    async discardCompletion(id) {
      const discarded = await (await routes.get()).outbox.parked.discard(id);
      if (discarded) notices.dismissAbout(id);
      return discarded ? okVoid : fail('not_found');
    },

    async reportPosition(report) {
      await routes.whenLoaded(({ coordination }) => coordination.position(report));
    },
    confirmArrival: async (stopId) => (await routes.get()).coordination.confirmArrival(stopId),
    async dismissArrival(stopId) {
      await routes.whenLoaded(({ arrival }) => arrival.dismiss(stopId));
    },
    async dismissChanges() {
      await routes.whenLoaded(({ updates }) => updates.dismissChanges());
    },
  };
}
