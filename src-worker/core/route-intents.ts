/**
 * The route intents: the list, the open route and its stops, the live channel's part in them, and the completions
 * the server refused. Each goes to the route features (src-worker/routes), loaded on first use.
 */
import { fail, okVoid, type WorkerApi } from '../../src-shared/api/worker-api.ts';
import type { Store } from '../base/store.ts';
import type { LazyRouteFeatures } from './lazy-route-features.ts';
import type { Notices } from './notices.ts';

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

export interface RouteIntentDeps {
  store: Store;
  routeFeatures: LazyRouteFeatures;
  notices: Notices;
}

export function createRouteIntents({ store, routeFeatures, notices }: RouteIntentDeps): RouteIntents {
  return {
    loadRouteList: async (options) => (await routeFeatures.get()).routeList.load(options),
    previewRoute: async (routeId) => (await routeFeatures.get()).routeList.preview(routeId),

    async openRoute(routeId, options) {
      const features = await routeFeatures.get();
      const opening = features.open(routeId, options.shared);
      // The live channel opens with the route (from the device's copy too): it reconnects on its own.
      const route = store.get().route;
      const known = route?.route ?? null;
      if (known) features.live.routeOpened(known.id, known.project_id);
      const result = await opening;
      const shown = store.get().route?.route;
      if (shown && shown.id === routeId) features.live.routeOpened(shown.id, shown.project_id);
      return result;
    },
    refreshRoute: async () => (await routeFeatures.get()).activeRoute.refresh(),
    async closeRoute() {
      store.set(['route'], null);
      const loaded = routeFeatures.ifLoaded();
      if (!loaded) return;
      (await loaded).routeClosed();
    },
    startRoute: async (position) => (await routeFeatures.get()).activeRoute.start(position),
    selectStop: async (stopId) => (await routeFeatures.get()).select(stopId),
    completeStop: async (stopId, completion) => (await routeFeatures.get()).activeRoute.complete(stopId, completion),
    finishRoute: async (position) => (await routeFeatures.get()).activeRoute.finish(position),

    async retryCompletion(id) {
      return (await (await routeFeatures.get()).outbox.parked.retry(id)) ? okVoid : fail('not_found');
    },
    async discardCompletion(id) {
      const discarded = await (await routeFeatures.get()).outbox.parked.discard(id);
      if (discarded) notices.dismissAbout(id);
      return discarded ? okVoid : fail('not_found');
    },

    async reportPosition(report) {
      const loaded = routeFeatures.ifLoaded();
      if (!loaded) return;
      (await loaded).position(report);
    },
    confirmArrival: async (stopId) => (await routeFeatures.get()).confirmArrival(stopId),
    async dismissArrival(stopId) {
      const loaded = routeFeatures.ifLoaded();
      if (loaded) (await loaded).arrival.dismiss(stopId);
    },
    async dismissChanges() {
      const loaded = routeFeatures.ifLoaded();
      if (loaded) (await loaded).activeRoute.dismissChanges();
    },
  };
}
