/**
 * The core: everything the app does that is not drawing. Built from injected dependencies (fetch, clock,
 * storage), so it runs the same in the worker, inline on the main thread, and in Node tests.
 *
 * This is its root: it makes the core's services, each owning one concern and its state, hands each the typed
 * interfaces of the others it calls, wires what each hears of the others' events (core-reactions.ts, on the event
 * seam of base/events.ts), and answers the contract (WorkerApi) with their intents.
 */
import type { WorkerApi } from '../../src-shared/api/worker-api.ts';
import { initialState } from '../../src-shared/state/app-state.ts';
import { createEventSeam } from '../base/events.ts';
import { inProcessLockRunner } from '../base/locks.ts';
import { createStore } from '../base/store.ts';
import { globalTimers } from '../base/timers.ts';
import { traceIntents } from '../base/tracing.ts';
import type { CoreContext } from '../core-context.ts';
import type { CoreEvent } from '../core-events.ts';
import { createPreparedPhotos } from '../media/prepared-photos.ts';
import { createApiClient } from '../net/api-client.ts';
import { createTokenRelay } from '../net/token-relay.ts';
import { createListAhead } from '../routes/list-ahead.ts';
import { createSession } from '../session/session.ts';
import type { AppStorage } from '../storage/app-db.ts';
import { createAppStart } from './app-start.ts';
import { createConnectivity } from './connectivity.ts';
import { listenAcrossServices } from './core-reactions.ts';
import { createLazyRouteFeatures, loadRouteFeaturesCode } from './lazy-route-features.ts';
import { createMapTileIntents } from './map-tiles.ts';
import { createNotices } from './notices.ts';
import { createPatchSubscription } from './patch-subscription.ts';
import { createProofMedia } from './proof-media.ts';
import { createRouteIntents } from './route-intents.ts';
import { createServerOrigin } from './server-origin.ts';
import { createSessionIntents } from './session-intents.ts';
import { changeSetting } from './settings.ts';
import type { CoreInternals, WorkerDeps } from './worker-deps.ts';

/** The context every service is made with (core-context.ts): the platform's parts, or their defaults. */
function coreContext(
  deps: WorkerDeps,
  made: Pick<CoreContext<CoreEvent>, 'store' | 'storage' | 'api' | 'emit'>,
): CoreContext<CoreEvent> {
  return {
    ...made,
    now: deps.now,
    timers: deps.timers ?? globalTimers,
    random: deps.random ?? Math.random,
    // One per core: two cores in one test share a runner only when the test hands them one (two tabs).
    locks: deps.locks ?? inProcessLockRunner(),
    newId: deps.randomId,
  };
}

/** The storage, opened at its first use and shared by every later one. */
function openedOnce(open: () => Promise<AppStorage>): () => Promise<AppStorage> {
  let storage: Promise<AppStorage> | null = null;
  return () => {
    storage ??= open();
    return storage;
  };
}

export function createWorkerApi(deps: WorkerDeps): WorkerApi & CoreInternals {
  const store = createStore(initialState());
  const notices = createNotices(store);
  const origin = createServerOrigin();
  const storage = openedOnce(deps.openStorage);
  const photos = createPreparedPhotos(deps.randomId);
  const events = createEventSeam<CoreEvent>();
  // The client is made first and handed to every service as a value; its token source, the session, is connected
  // once it exists (net/token-relay.ts). Nothing calls the client while the root builds.
  const tokens = createTokenRelay();
  const api = createApiClient(deps.fetch, origin.url, tokens, events.emit, {
    timeoutMs: deps.requestTimeoutMs,
    timing: deps.timing,
  });
  const core = coreContext(deps, { store, storage, api, emit: events.emit });
  const session = createSession(core);
  tokens.connect(session);
  const routeFeatures = createLazyRouteFeatures({
    worker: deps,
    store,
    storage,
    api: () => api,
    session,
    events,
    origin,
    photos,
  });
  const listAhead = createListAhead({
    api: () => api,
    store,
    accessToken: () => session.accessToken(),
    storage,
    now: deps.now,
    routeFeatures: () => routeFeatures.get(),
    routesCode: loadRouteFeaturesCode,
  });
  const proofMedia = createProofMedia({ photos, api: () => api, now: deps.now, decoder: deps });
  const connectivity = createConnectivity({ store, notices, routeFeatures, session });
  listenAcrossServices(events, { notices, routeFeatures, listAhead, proofMedia, connectivity });

  return traceIntents(
    {
      ...createAppStart({ fetch: deps.fetch, store, storage, api, origin, notices, session, listAhead, routeFeatures }),
      ...createPatchSubscription(store),
      ...createSessionIntents(session, routeFeatures),
      ...createRouteIntents({ store, routeFeatures, notices }),
      ...proofMedia.intents,
      ...createMapTileIntents(deps.fetch, origin),
      setSetting: async (key, value) => changeSetting(store, key, value),
      setConnectivity: (change) => connectivity.change(change),
      async notify(kind) {
        notices.notify(kind);
      },
      async dismissNotice(id) {
        notices.dismiss(id);
      },
      stats: () => store.stats(),
    },
    deps.timing,
  );
}
