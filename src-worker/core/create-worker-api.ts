/**
 * The core: everything the app does that is not drawing. Built from injected dependencies (fetch, clock,
 * storage), so it runs the same in the worker, inline on the main thread, and in Node tests.
 */
import { releaseProxy } from 'comlink';
import { fail, ok, okVoid, type PatchListener, type Result, type WorkerApi } from '../../src-shared/api/worker-api.ts';
import { isSettingValue } from '../../src-shared/domain/settings.ts';
import {
  type ConnectivityState,
  initialState,
  type NoticeKind,
  type RouteListState,
} from '../../src-shared/state/app-state.ts';
import { loadAppConfig, lookUpLanguage } from '../config/app-config.ts';
import type { OpenWebSocket } from '../live/live-socket.ts';
import { createPreparedPhotos, isPhotoHandle } from '../media/prepared-photos.ts';
import { createApiClient } from '../net/api-client.ts';
import type { LockRunner, OutboxChannel, Timers } from '../outbox/outbox.ts';
import { createListAhead } from '../routes/list-ahead.ts';
import type { RouteFeatures } from '../routes/route-features.ts';
import type { FrameDecoderDeps } from '../scan/frame-decoder.ts';
import { createSession } from '../session/session.ts';
import { type AppStorage, ROUTE_LIST_CACHE } from '../storage/app-db.ts';
import { createStore } from './store.ts';

export interface WorkerDeps {
  fetch: typeof fetch;
  /** Idempotency keys for stop completions. */
  randomId: () => string;
  /** Milliseconds since the epoch. */
  now: () => number;
  openStorage: () => Promise<AppStorage>;
  /** The outbox's flush lock: Web Locks in the browser (shared by tabs); in-process when not given. */
  locks?: LockRunner;
  /** Timers for the outbox's retries (a fake clock's in tests); the global ones when not given. */
  timers?: Timers;
  /** In [0, 1), for the retries' jitter; Math.random when not given. */
  random?: () => number;
  /** A completion with no answer within this time counts as no answer (default SEND_TIMEOUT_MS, 30 s). */
  sendTimeoutMs?: number;
  /** Any other call with no answer within this time counts as offline (default DEFAULT_REQUEST_TIMEOUT_MS, 30 s). */
  requestTimeoutMs?: number;
  /**
   * A channel to the other tabs' cores (a BroadcastChannel in the browser): one tab's outbox sending or parking an
   * item tells the others, whose counts and marks follow. Without it each tab learns only of its own changes.
   */
  outboxChannel?: () => OutboxChannel;
  /** Opens the open route's live channel (the worker's WebSocket; `ws` in tests). Without it there is none. */
  openWebSocket?: OpenWebSocket;
  /** The worker's global scope, where the browser's BarcodeDetector lives if it has one (else zxing-wasm decodes). */
  barcodeScope?: FrameDecoderDeps['barcodeScope'];
  /** zxing-wasm's reader (the file's bytes in Node tests); the app's own asset when not given. */
  loadBarcodeReader?: FrameDecoderDeps['loadBarcodeReader'];
}

/** What tests and the benchmark may reach besides the contract. */
export interface CoreInternals {
  stats(): { patches: number; ops: number };
  /**
   * The worker's entry calls this as the worker starts, before the page's `start` (src-worker/index.ts): with a
   * driver's session stored, the list's request goes out now (list-request.ts `earlyListRequest`), and the start
   * takes its answer if it restores that very session. A call after the start does nothing.
   */
  prepare(origin: string): void;
}

type Releasable = PatchListener & { [releaseProxy]?: () => void };

/** The route features' code, a chunk of its own (see route-features.ts). */
const loadRouteFeatures = () => import('../routes/route-features.ts');

export function createWorkerApi(deps: WorkerDeps): WorkerApi & CoreInternals {
  const store = createStore(initialState());
  const preparedPhotos = createPreparedPhotos(deps.randomId);
  let baseUrl = '';
  let listener: Releasable | null = null;
  let storage: Promise<AppStorage> | null = null;
  let noticeSeq = 0;
  const openStorage = () => {
    storage ??= deps.openStorage();
    return storage;
  };

  function notify(kind: NoticeKind, text?: string, ref?: string) {
    // "No internet connection" stays until the phone is back online: saying it again would only move it in front of
    // what the driver is reading (a Retry, say) and announce it again.
    if (kind === 'no_internet' && store.get().notices.some((n) => n.kind === kind)) return;
    const notice = { id: ++noticeSeq, kind, ...(text ? { text } : {}), ...(ref ? { ref } : {}) };
    // Each refused completion is its own notice; other kinds replace their previous one.
    const replaces = (n: { kind: NoticeKind }) => n.kind === kind && kind !== 'completion_refused';
    store.update('notices', (list) => [...list.filter((n) => !replaces(n)), notice]);
  }
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
      loggedOutAutomatically: () => notify('logged_out_automatically'),
      linkRefused: (routeId, owner) => void routeFeatures?.then((r) => r.linkRefused(routeId, owner)),
      signedIn: () => listAhead.load(),
      ended: () => {
        // The driver's routes leave memory with the session, in the same patch as the sign-out.
        const blank = initialState();
        store.set(['routeList'], blank.routeList);
        store.set(['preview'], null);
        store.set(['route'], null);
        store.set(['outbox'], blank.outbox);
        void proofImages?.then((images) => images.clear());
        preparedPhotos.clear();
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
    () => baseUrl,
    session,
    (answered) => {
      // What the network does is what counts: a request with no answer means offline, any answer means online.
      if (store.get().connectivity.online !== answered) void connectivity({ online: answered }, true);
    },
    deps.requestTimeoutMs,
  );
  /** Stored proof images load on first use (its code too): most starts show none. */
  let proofImages: Promise<ReturnType<typeof import('../media/proof-images.ts')['createProofImages']>> | null = null;
  let frames: Promise<ReturnType<typeof import('../scan/frame-decoder.ts')['createFrameDecoder']>> | null = null;
  let tilePrefetch: Promise<ReturnType<typeof import('../map/prefetch-tiles.ts')['createTilePrefetch']>> | null = null;
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
        notifyOffline: () => notify('no_internet'),
        notifyRefused: (id) => notify('completion_refused', undefined, id),
        notifyKeptForRemovedStop: (id) => notify('completion_kept_removed_stop', undefined, id),
        closeLink: () => session.closeLink(),
        senderFor: (routeId) => session.senderFor(routeId),
        senders: () => session.senders(),
        locks: deps.locks,
        timers,
        sendTimeoutMs: deps.sendTimeoutMs,
        channel: deps.outboxChannel?.() ?? null,
        notifyRouteUpdated: () => notify('route_updated'),
        live: {
          openWebSocket: deps.openWebSocket,
          baseUrl: () => baseUrl,
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
    if (change.online === false) notify('no_internet');
    if (change.online === true) {
      store.update('notices', (list) => list.filter((n) => n.kind !== 'no_internet'));
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

  function releaseListener() {
    listener?.[releaseProxy]?.();
    listener = null;
    store.setListener(null);
  }

  return {
    prepare(origin) {
      baseUrl = origin;
      listAhead.prepare();
    },

    async start(init) {
      listAhead.starting();
      baseUrl = init.baseUrl;
      store.set(['settings'], init.settings);
      store.set(['connectivity'], { online: init.online, visible: init.visible });
      // Starting offline is said at once, as going offline later is.
      if (!init.online) notify('no_internet');
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
    async snapshot() {
      return store.snapshot();
    },
    // Takes the listener before any await: the UI's start sends `start` right behind this call without waiting
    // for its answer (bridge/mirror.ts), and the start's patches must find the listener.
    async subscribe(next) {
      if (listener && listener !== next) releaseListener();
      listener = next as Releasable;
      store.setListener((patch) => listener?.(patch));
    },
    async unsubscribe() {
      releaseListener();
    },

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
    async preparePhoto(file) {
      const media = await import('../media/photo.ts');
      if (!media.isPhotoType(file.type)) return fail('unsupported_file', file.type);
      try {
        const photo = await media.resizePhoto(file as Blob);
        return ok({
          // Taken when the driver chose it: the camera's photo reaches the core at once.
          handle: preparedPhotos.put(photo.blob, deps.now()),
          width: photo.width,
          height: photo.height,
          bytes: photo.blob.size,
        });
      } catch {
        return fail('unsupported_file', file.type);
      }
    },

    async loadImage(url) {
      if (isPhotoHandle(url)) {
        const photo = preparedPhotos.get(url);
        return photo ? ok(photo) : fail('not_found', url);
      }
      proofImages ??= import('../media/proof-images.ts').then((m) => m.createProofImages(() => api));
      return (await proofImages).load(url);
    },

    async decodeBarcodes(frame) {
      frames ??= import('../scan/frame-decoder.ts').then((m) => m.createFrameDecoder(deps));
      return (await frames)(frame);
    },

    async retryCompletion(id) {
      return (await (await routes()).outbox.retry(id)) ? okVoid : fail('not_found');
    },
    async discardCompletion(id) {
      const discarded = await (await routes()).outbox.discard(id);
      if (discarded) store.update('notices', (list) => list.filter((n) => n.ref !== id));
      return discarded ? okVoid : fail('not_found');
    },

    async setSetting(key, value) {
      if (!isSettingValue(key, value)) return fail('unknown', `${String(value)} is not a value of ${key}`);
      if (store.get().settings[key] === value) return ok({ changed: false });
      store.set(['settings', key], value);
      return ok({ changed: true });
    },

    async prefetchMapTiles(urls, options) {
      tilePrefetch ??= import('../map/prefetch-tiles.ts').then((m) => m.createTilePrefetch(deps.fetch, () => baseUrl));
      return ok(await (await tilePrefetch)(urls, options));
    },
    loadStopCode: () =>
      import('./stop-code.ts').then(
        (m) => m.loadStopCode(),
        () => fail('offline'),
      ),

    setConnectivity: (change) => connectivity(change),
    async reportPosition(report) {
      if (routeFeatures) (await routes()).live.position(report);
    },
    async dismissChanges() {
      if (routeFeatures) (await routes()).activeRoute.dismissChanges();
    },
    async notify(kind) {
      notify(kind);
    },
    async dismissNotice(id) {
      store.update('notices', (list) => list.filter((n) => n.id !== id));
    },

    stats: () => store.stats(),
  };
}
