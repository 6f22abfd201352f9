/**
 * The route features (src-worker/routes/route-features.ts: the list, the open route, the outbox, the live channel) as
 * the rest of the core reaches them: made on first use, from code that is a chunk of its own, so a start on the
 * sign-in screen does not pay for them. What happens to routes outside their own intents comes through here too:
 * what waits in the outbox is sent, and the session's end and a refused link reach them once they are loaded.
 */
import { initialState } from '../../src-shared/state/app-state.ts';
import type { EventSeam } from '../base/events.ts';
import type { Store } from '../base/store.ts';
import { globalTimers } from '../base/timers.ts';
import type { CoreEvent } from '../core-events.ts';
import type { PreparedPhotos } from '../media/prepared-photos.ts';
import type { ApiClient } from '../net/api-client.ts';
import type { RouteFeatureDeps, RouteFeatures } from '../routes/route-features.ts';
import type { Session } from '../session/session.ts';
import type { AppStorage } from '../storage/app-db.ts';
import type { ServerOrigin } from './server-origin.ts';
import type { WorkerDeps } from './worker-deps.ts';

/** The route features' code, a chunk of its own (see route-features.ts). */
export const loadRouteFeaturesCode = () => import('../routes/route-features.ts');

export interface LazyRouteFeaturesDeps {
  worker: WorkerDeps;
  store: Store;
  storage: () => Promise<AppStorage>;
  api: () => ApiClient;
  /** Who sends a route's completions, and the live channel's token. */
  session: Session;
  /** The core's event seam: the route features emit there, and hear one another (route-features.ts). */
  events: EventSeam<CoreEvent>;
  origin: ServerOrigin;
  photos: PreparedPhotos;
}

export interface LazyRouteFeatures {
  /** The route features, made (and their code loaded) on the first call. */
  get(): Promise<RouteFeatures>;
  /** The route features if something made them already, else null: nothing of theirs runs that needs telling. */
  ifLoaded(): Promise<RouteFeatures> | null;
  /**
   * Sends what this session's senders left waiting on the device (at start-up, after a sign-in or a link): every
   * route's queue, not only the open one. The route features load only when there is something to send.
   * `urgent`: every item at once, retries' waits or not (the platform says the phone is back online).
   */
  sendWaiting(urgent?: boolean): Promise<void>;
  /** The session ended: the driver's routes leave the state and this session's retries and live channel stop. */
  sessionEnded(): void;
  /** The server refused the shared link (session.ts): its route and unsent completions say so. */
  linkRefused(routeId: number, owner: string): void;
}

export function createLazyRouteFeatures(deps: LazyRouteFeaturesDeps): LazyRouteFeatures {
  const { store } = deps;
  let features: Promise<RouteFeatures> | null = null;

  function get(): Promise<RouteFeatures> {
    features ??= loadRouteFeaturesCode().then(({ createRouteFeatures }) => createRouteFeatures(routeFeatureDeps(deps)));
    return features;
  }

  return {
    get,
    ifLoaded: () => features,

    async sendWaiting(urgent = false) {
      const senders = deps.session.senders();
      const owners = [...senders.map((s) => s.owner), ''];
      if (!(await (await deps.storage()).hasOutboxItems(owners))) return;
      const loaded = await get();
      loaded.summarise();
      await (urgent ? loaded.outbox.sweep.retryNow() : loaded.outbox.sweep.flushAll());
    },

    sessionEnded() {
      // The driver's routes leave memory with the session, in the same patch as the sign-out.
      const blank = initialState();
      store.set(['routeList'], blank.routeList);
      store.set(['preview'], null);
      store.set(['route'], null);
      store.set(['outbox'], blank.outbox);
      // The queue stays on the device for its sender's next session; only this session's retries stop.
      void features?.then((r) => {
        r.outbox.flushes.cancelRetries();
        r.routeClosed();
      });
    },

    linkRefused(routeId, owner) {
      void features?.then((r) => r.linkRefused(routeId, owner));
    },
  };
}

/** The global timers, where the worker's deps bring none (a test's fake clock brings its own). */
/** What the route features need of the core, in the shape route-features.ts asks for. */
function routeFeatureDeps(deps: LazyRouteFeaturesDeps): RouteFeatureDeps {
  const { worker, session } = deps;
  return {
    store: deps.store,
    api: deps.api,
    storage: deps.storage,
    now: worker.now,
    randomId: worker.randomId,
    photos: deps.photos,
    random: worker.random ?? Math.random,
    events: deps.events,
    closeLink: () => session.closeLink(),
    refusedLinkFor: (routeId) => session.refusedLinkFor(routeId),
    senderFor: (routeId) => session.senderFor(routeId),
    senders: () => session.senders(),
    locks: worker.locks,
    timers: worker.timers ?? globalTimers,
    sendTimeoutMs: worker.sendTimeoutMs,
    channel: worker.outboxChannel?.() ?? null,
    live: {
      openWebSocket: worker.openWebSocket,
      baseUrl: deps.origin.url,
      deviceId: async () => (await deps.storage()).deviceId(worker.randomId),
      liveToken: (routeId, renew) => session.liveToken(routeId, renew),
      channelWithdrawn: (routeId) => session.channelWithdrawn(routeId),
    },
  };
}
