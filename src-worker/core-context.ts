/**
 * What every service of the core is made with: the state, the device's storage, the driver API, the clock, locks,
 * ids and the event seam's `emit`. The root (core/create-worker-api.ts) builds it once from WorkerDeps, as proxx hands
 * its services their dependencies; a service declares a Deps type only for what is its own (the other services it
 * calls, a platform part only it uses). Here, not in base/: it names the API client (net/) and the storage (storage/),
 * which base/ may not import.
 */
import type { CoreEventShape, Emit } from './base/events.ts';
import type { LockRunner } from './base/locks.ts';
import type { Store } from './base/store.ts';
import type { Timers } from './base/timers.ts';
import type { ApiClient } from './net/api-client.ts';
import type { AppStorage } from './storage/app-db.ts';

/** `E`: the events the service may emit (its own union); `never` for a service that emits none. */
export interface CoreContext<E extends CoreEventShape = never> {
  /** The state and its patches. */
  store: Store;
  /** The device's IndexedDB, opened at its first use and shared by every later one. */
  storage: () => Promise<AppStorage>;
  /** The driver API: the bearer token, one refresh, the replay (net/api-client.ts). */
  api: ApiClient;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** The platform's timers, or a test's fake clock. */
  timers: Timers;
  /** In [0, 1): the retries' jitter. */
  random: () => number;
  /** Web Locks across tabs, or one in-process runner per core. */
  locks: LockRunner;
  /** A new random id: idempotency keys, photo handles, the device's id. */
  newId: () => string;
  /** Tells the rest of the core what happened; who hears it is said in core/core-reactions.ts and route-features.ts. */
  emit: Emit<E>;
}
