/**
 * The core: everything the app does that is not drawing. Built from injected dependencies (fetch, clock,
 * storage), so it runs the same in the worker, inline on the main thread, and in Node tests.
 */
import { fail, okVoid, type Result, type WorkerApi } from '../../src-shared/api/worker-api.ts';
import { type ConnectivityState, initialState, type RouteListState } from '../../src-shared/state/app-state.ts';
import { loadAppConfig, lookUpLanguage } from '../config/app-config.ts';
import { createPreparedPhotos } from '../media/prepared-photos.ts';
import { createApiClient } from '../net/api-client.ts';
import type { Timers } from '../outbox/outbox.ts';
import { createListAhead } from '../routes/list-ahead.ts';
import type { RouteFeatures } from '../routes/route-features.ts';
import { createSession } from '../session/session.ts';
import { type AppStorage, ROUTE_LIST_CACHE } from '../storage/app-db.ts';
import { createMapTileIntents } from './map-tiles.ts';
import { createNotices } from './notices.ts';
import { createPatchSubscription } from './patch-subscription.ts';
import { createProofMedia } from './proof-media.ts';
import { createServerOrigin } from './server-origin.ts';
import { changeSetting } from './settings.ts';
import { createStore } from './store.ts';
import type { CoreInternals, WorkerDeps } from './worker-deps.ts';

export type { CoreInternals, WorkerDeps } from './worker-deps.ts';

/** The route features' code, a chunk of its own (see route-features.ts). */
const loadRouteFeatures = () => import('../routes/route-features.ts');

export function createWorkerApi(deps: WorkerDeps): WorkerApi & CoreInternals {
  const store = createStore(initialState());
  const notices = createNotices(store);
  const preparedPhotos = createPreparedPhotos(deps.randomId);
  const proofMedia = createProofMedia({ photos: preparedPhotos, api: () => api, now: deps.now, decoder: deps });
  const origin = createServerOrigin();
  let storage: Promise<AppStorage> | null = null;
  const openStorage = () => {
    storage ??= deps.openStorage();
    return storage;
  };

  const timers: Timers = deps.timers ?? {
    set: (run, ms) => setTimeout(run, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };

  const session = createSession({
    store,
    storage: openStorage,
    api: () => api,
    now: deps.now,
    events: {
      loggedOutAutomatically: () => notices.notify('logged_out_automatically'),
      linkRefused: (routeId, owner) => void routeFeatures?.then((r) => r.linkRefused(routeId, owner)),
      signedIn: () => listAhead.load(),
      ended: () => {
        // The driver's routes leave memory with the session, in the same patch as the sign-out.
        const blank = initialState();
        store.set(['routeList'], blank.routeList);
        store.set(['preview'], null);
        store.set(['route'], null);
        store.set(['outbox'], blank.outbox);
        proofMedia.forget();
        // The queue stays on the device for its sender's next session; only this session's retries stop.
        void routeFeatures?.then((r) => {
          r.outbox.stop();
          r.live.routeClosed();
        });
      },
    },
  });
  const api = createApiClient(
    deps.fetch,
    origin.url,
    session,
    (answered) => {
      // What the network does is what counts: a request with no answer means offline, any answer means online.
      if (store.get().connectivity.online !== answered) void connectivity({ online: answered }, true);
    },
    deps.requestTimeoutMs,
  );
  let routeFeatures: Promise<RouteFeatures> | null = null;
  /** The route features load on first use (see route-features.ts). */
  const routes = () => {
    routeFeatures ??= loadRouteFeatures().then(({ createRouteFeatures }) =>
      createRouteFeatures({
        store,
        api: () => api,
        storage: openStorage,
        now: deps.now,
        randomId: deps.randomId,
        photos: preparedPhotos,
        random: deps.random ?? Math.random,
        notifyOffline: () => notices.notify('no_internet'),
        notifyRefused: (id) => notices.notify('completion_refused', undefined, id),
        notifyKeptForRemovedStop: (id) => notices.notify('completion_kept_removed_stop', undefined, id),
        closeLink: () => session.closeLink(),
        senderFor: (routeId) => session.senderFor(routeId),
        senders: () => session.senders(),
        locks: deps.locks,
        timers,
        sendTimeoutMs: deps.sendTimeoutMs,
        channel: deps.outboxChannel?.() ?? null,
        notifyRouteUpdated: () => notices.notify('route_updated'),
        live: {
          openWebSocket: deps.openWebSocket,
          baseUrl: origin.url,
          deviceId: async () => (await openStorage()).deviceId(deps.randomId),
          liveToken: (routeId, renew) => session.liveToken(routeId, renew),
        },
      }),
    );
    return routeFeatures;
  };

  const listAhead = createListAhead({
    api,
    store,
    accessToken: () => session.accessToken(),
    storage: openStorage,
    now: deps.now,
    routes: () => routes(),
    routesCode: loadRouteFeatures,
  });

  /**
   * Sends what this session's senders left waiting on the device (at start-up, after a sign-in or a link): every
   * route's queue, not only the open one. The route features load only when there is something to send.
   */
  async function sendWaiting(urgent = false) {
    const owners = [...session.senders().map((s) => s.owner), ''];
    if (!(await (await openStorage()).hasOutboxItems(owners))) return;
    const features = await routes();
    features.summarise();
    await (urgent ? features.outbox.retryNow() : features.outbox.flushAll());
  }

  /** The platform's online/offline and visibility, and what requests found out (the api client's `reached`). */
  async function connectivity(change: Partial<ConnectivityState>, observed = false) {
    store.update('connectivity', (c) => ({ ...c, ...change }));
    if (change.visible !== undefined && routeFeatures) void routes().then((r) => r.live.visible(change.visible!));
    if (change.online === true && routeFeatures) void routes().then((r) => r.live.online());
    // Only the platform's word: a request that found no answer says nothing about the socket's own connection.
    if (change.online === false && !observed && routeFeatures) void routes().then((r) => r.live.offline());
    if (change.online === false) notices.notify('no_internet');
    if (change.online === true) {
      notices.dismissKind('no_internet');
      // Back online: what waits on the device is sent now. Found out by an answer, the request that got it is
      // already going, so only the waiting queues; the platform's own "online" retries everything at once.
      void sendWaiting(!observed).catch(() => {});
      void session.sendRevocations().catch(() => {});
    }
  }

  /** A sign-in (with a password or a wrapper's tokens): what the driver left waiting on the device is sent. */
  async function signedIn<T>(signingIn: Promise<Result<T>>): Promise<Result<T>> {
    const result = await signingIn;
    if (result.ok) void sendWaiting().catch(() => {});
    return result;
  }

  return {
    prepare(workerOrigin) {
      origin.set(workerOrigin);
      listAhead.prepare();
    },

    async start(init) {
      listAhead.starting();
      origin.set(init.baseUrl);
      store.set(['settings'], init.settings);
      store.set(['connectivity'], { online: init.online, visible: init.visible });
      // Starting offline is said at once, as going offline later is.
      if (!init.online) notices.notify('no_internet');
      await session.restore(init.link, init.handedTokens);
      // A sign-out the server has not heard of yet (the tab closed, or the phone was offline): said now.
      void session.sendRevocations().catch(() => {});
      // Stale-while-revalidate: a signed-in start shows the list as it was last shown at once (in this very
      // snapshot, so the first paint has it, with or without a network) and asks the server for it right away,
      // not when the screen asks.
      if (store.get().session.status === 'signed_in') {
        const cached = await (await openStorage()).getCache<RouteListState>(ROUTE_LIST_CACHE);
        if (cached) store.set(['routeList'], { ...cached, fromCache: true, refreshing: false });
        listAhead.load();
      }
      listAhead.started();
      void sendWaiting().catch(() => {
        // Offline and the route code never cached: the queue waits for the next start or sign-in.
      });
      // The language is looked up once, with the first settings that name the trace page (kept or fresh).
      let languageLookedUp = init.languageChosen;
      await loadAppConfig(api, await openStorage(), (config) => {
        store.replace(['appConfig'], config);
        if (languageLookedUp || !config.traceUrl) return;
        languageLookedUp = true;
        void lookUpLanguage(deps.fetch, config.traceUrl).then((language) => {
          store.set(['settings', 'language'], language);
        });
      });
      return store.snapshot();
    },
    ...createPatchSubscription(store),

    async checkEmail(email) {
      const result = await session.checkEmail(email);
      // The driver types the password now: the route code the list needs downloads meanwhile, not after the tap.
      if (result.ok) void routes().catch(() => {});
      return result;
    },
    signIn: (email, password) => signedIn(session.signIn(email, password)),
    requestPasswordReset: (email) => session.requestPasswordReset(email),
    adoptTokens: (tokens) => signedIn(session.adopt(tokens)),
    signOut: () => session.signOut(),
    async openLink(link) {
      session.openLink(link);
      void sendWaiting().catch(() => {});
      return okVoid;
    },
    async closeLink() {
      session.closeLink();
      return okVoid;
    },

    loadRouteList: async (options) => (await routes()).routeList.load(options),
    previewRoute: async (routeId) => (await routes()).routeList.preview(routeId),

    async openRoute(routeId, options) {
      const features = await routes();
      const opening = features.activeRoute.open(routeId, options.shared);
      // The live channel opens with the route (from the device's copy too): it reconnects on its own.
      const route = store.get().route;
      const known = route?.route ?? null;
      if (known) features.live.routeOpened(known.id, known.project_id);
      const result = await opening;
      const shown = store.get().route?.route;
      if (shown && shown.id === routeId) features.live.routeOpened(shown.id, shown.project_id);
      return result;
    },
    refreshRoute: async () => (await routes()).activeRoute.refresh(),
    async closeRoute() {
      store.set(['route'], null);
      if (routeFeatures) (await routes()).live.routeClosed();
    },
    startRoute: async (position) => (await routes()).activeRoute.start(position),
    async selectStop(stopId) {
      (await routes()).activeRoute.select(stopId);
    },
    completeStop: async (stopId, completion) => (await routes()).activeRoute.complete(stopId, completion),
    finishRoute: async (position) => (await routes()).activeRoute.finish(position),
    ...proofMedia.intents,

    async retryCompletion(id) {
      return (await (await routes()).outbox.retry(id)) ? okVoid : fail('not_found');
    },
    async discardCompletion(id) {
      const discarded = await (await routes()).outbox.discard(id);
      if (discarded) notices.dismissAbout(id);
      return discarded ? okVoid : fail('not_found');
    },

    setSetting: async (key, value) => changeSetting(store, key, value),
    ...createMapTileIntents(deps.fetch, origin),

    setConnectivity: (change) => connectivity(change),
    async reportPosition(report) {
      if (routeFeatures) (await routes()).live.position(report);
    },
    async dismissChanges() {
      if (routeFeatures) (await routes()).activeRoute.dismissChanges();
    },
    async notify(kind) {
      notices.notify(kind);
    },
    async dismissNotice(id) {
      notices.dismiss(id);
    },

    stats: () => store.stats(),
  };
}
