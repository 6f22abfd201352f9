/**
 * The core: everything the app does that is not drawing. Built from injected dependencies (fetch, clock,
 * storage), so it runs the same in the worker, inline on the main thread, and in Node tests.
 */
import { releaseProxy } from 'comlink';
import { fail, ok, okVoid, type PatchListener, type WorkerApi } from '../../src-shared/api/worker-api.ts';
import { isSettingValue } from '../../src-shared/domain/settings.ts';
import { initialState, type NoticeKind } from '../../src-shared/state/app-state.ts';
import { loadAppConfig, lookUpLanguage } from '../config/app-config.ts';
import { createProofImages } from '../media/proof-images.ts';
import { createApiClient } from '../net/api-client.ts';
import type { RouteFeatures } from '../routes/route-features.ts';
import { createSession } from '../session/session.ts';
import type { AppStorage } from '../storage/app-db.ts';
import { createStore } from './store.ts';

export interface WorkerDeps {
  fetch: typeof fetch;
  /** Idempotency keys for stop completions. */
  randomId: () => string;
  /** Milliseconds since the epoch. */
  now: () => number;
  openStorage: () => Promise<AppStorage>;
}

/** What tests and the benchmark may reach besides the contract. */
export interface CoreInternals {
  stats(): { patches: number; ops: number };
}

type Releasable = PatchListener & { [releaseProxy]?: () => void };

/** The route features' code, a chunk of its own (see route-features.ts). */
const loadRouteFeatures = () => import('../routes/route-features.ts');

export function createWorkerApi(deps: WorkerDeps): WorkerApi & CoreInternals {
  const store = createStore(initialState());
  let baseUrl = '';
  let listener: Releasable | null = null;
  let storage: Promise<AppStorage> | null = null;
  let noticeSeq = 0;
  const openStorage = () => {
    storage ??= deps.openStorage();
    return storage;
  };

  function notify(kind: NoticeKind, text?: string) {
    // "No internet connection" stays until the phone is back online: saying it again would only move it in front of
    // what the driver is reading (a Retry, say) and announce it again.
    if (kind === 'no_internet' && store.get().notices.some((n) => n.kind === kind)) return;
    const notice = { id: ++noticeSeq, kind, ...(text ? { text } : {}) };
    store.update('notices', (list) => [...list.filter((n) => n.kind !== kind), notice]);
  }

  const session = createSession({
    store,
    storage: openStorage,
    api: () => api,
    notifyLoggedOut: () => notify('logged_out_automatically'),
    onEnded: () => {
      // The driver's routes leave memory with the session, in the same patch as the sign-out.
      const blank = initialState();
      store.set(['routeList'], blank.routeList);
      store.set(['preview'], null);
      store.set(['route'], null);
      proofImages.clear();
    },
  });
  const api = createApiClient(deps.fetch, () => baseUrl, session);
  const proofImages = createProofImages(() => api);
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
        notifyOffline: () => notify('no_internet'),
        closeLink: () => session.closeLink(),
      }),
    );
    return routeFeatures;
  };

  function releaseListener() {
    listener?.[releaseProxy]?.();
    listener = null;
    store.setListener(null);
  }

  return {
    async start(init) {
      baseUrl = init.baseUrl;
      store.set(['settings'], init.settings);
      store.set(['connectivity'], { online: init.online, visible: init.visible });
      // Starting offline is said at once, as going offline later is.
      if (!init.online) notify('no_internet');
      await session.restore(init.link);
      // A signed-in start almost always shows routes next: fetch their code now, not after the screen asks (a
      // round trip less on a slow line). Only the download: the features are still made on first use.
      if (store.get().session.status === 'signed_in') {
        loadRouteFeatures().catch(() => {
          // Offline and never cached: the first route intent reports it.
        });
      }
      const config = await loadAppConfig(api, await openStorage());
      store.set(['appConfig'], config);
      if (!init.languageChosen && config?.traceUrl) {
        void lookUpLanguage(deps.fetch, config.traceUrl).then((language) => {
          store.set(['settings', 'language'], language);
        });
      }
      return store.snapshot();
    },
    async snapshot() {
      return store.snapshot();
    },
    async subscribe(next) {
      if (listener && listener !== next) releaseListener();
      listener = next as Releasable;
      store.setListener((patch) => listener?.(patch));
    },
    async unsubscribe() {
      releaseListener();
    },

    checkEmail: (email) => session.checkEmail(email),
    signIn: (email, password) => session.signIn(email, password),
    requestPasswordReset: (email) => session.requestPasswordReset(email),
    signOut: () => session.signOut(),
    async openLink(link) {
      session.openLink(link);
      return okVoid;
    },
    async closeLink() {
      session.closeLink();
      return okVoid;
    },

    loadRouteList: async (options) => (await routes()).routeList.load(options),
    previewRoute: async (routeId) => (await routes()).routeList.preview(routeId),

    openRoute: async (routeId, options) => (await routes()).activeRoute.open(routeId, options.shared),
    refreshRoute: async () => (await routes()).activeRoute.refresh(),
    async closeRoute() {
      store.set(['route'], null);
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
          dataUrl: await media.blobToDataUrl(photo.blob),
          width: photo.width,
          height: photo.height,
          bytes: photo.blob.size,
        });
      } catch {
        return fail('unsupported_file', file.type);
      }
    },

    loadImage: (url) => proofImages.load(url),

    async setSetting(key, value) {
      if (!isSettingValue(key, value)) return fail('unknown', `${String(value)} is not a value of ${key}`);
      if (store.get().settings[key] === value) return ok({ changed: false });
      store.set(['settings', key], value);
      return ok({ changed: true });
    },

    async setConnectivity(change) {
      store.update('connectivity', (c) => ({ ...c, ...change }));
      if (change.online === false) notify('no_internet');
      if (change.online === true) {
        store.update('notices', (list) => list.filter((n) => n.kind !== 'no_internet'));
        // Back online: what waits on the device is sent now.
        if (routeFeatures) void routes().then((r) => r.activeRoute.resend());
      }
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
