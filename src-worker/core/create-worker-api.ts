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
import { createEventSeam, type EventSeam } from '../base/events.ts';
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
import type { CoreServices } from './core-services.ts';
import { createLazyRouteFeatures } from './lazy-route-features.ts';
import { createMapTileIntents } from './map-tiles.ts';
import { createNotices } from './notices.ts';
import { createPatchSubscription } from './patch-subscription.ts';
import { createProofMedia } from './proof-media.ts';
import { createRouteIntents } from './route-intents.ts';
import { createServerOrigin } from './server-origin.ts';
import { createSessionIntents } from './session-intents.ts';
import { changeSetting } from './settings.ts';
import { createWaitingSends } from './waiting-sends.ts';
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

/** The services the root composes (core-services.ts), each made with the context and the ones it calls. */
function createCoreServices(
  core: CoreContext<CoreEvent>,
  deps: WorkerDeps,
  made: Pick<CoreServices, 'notices' | 'origin' | 'photos' | 'session'> & { events: EventSeam<CoreEvent> },
): CoreServices {
  const { events, ...root } = made;
  const { session, photos, origin } = root;
  const routes = createLazyRouteFeatures(core, {
    events,
    session,
    photos,
    baseUrl: origin.url,
    platform: deps,
  });
  const waiting = createWaitingSends(core, session, routes);
  const listAhead = createListAhead(core, session, routes);
  const proofMedia = createProofMedia(core, photos, deps);
  const connectivity = createConnectivity(core, { notices: root.notices, routes, waiting, session });
  return { ...root, routes, waiting, listAhead, proofMedia, connectivity };
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
  const services = createCoreServices(core, deps, { notices, origin, photos, session, events });
  listenAcrossServices(events, store, services);

  return traceIntents(
    {
      ...createAppStart(core, services, deps.fetch),
      ...createPatchSubscription(store),
      ...createSessionIntents(services),
      ...createRouteIntents(core, services),
      ...services.proofMedia.intents,
      ...createMapTileIntents(deps.fetch, origin),
      setSetting: async (key, value) => changeSetting(store, key, value),
      setConnectivity: (change) => services.connectivity.change(change),
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
