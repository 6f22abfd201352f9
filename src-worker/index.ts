/// <reference lib="webworker" />
/**
 * The worker's entry: the only file that touches `self`. It builds the core from the browser's own fetch,
 * clock and IndexedDB, and exposes it over Comlink.
 */
import { expose } from 'comlink';
import { CORE_WORKER_NAMES } from '../src-shared/api/core-worker-name.ts';
import { createWorkerApi } from './core/create-worker-api.ts';
import { openAppStorage } from './storage/app-db.ts';

declare const self: DedicatedWorkerGlobalScope;

// Opened as the worker starts, not at the page's first call: the worker starts ahead of the main module
// (index.html's early script, src-ui/platform/early-start.ts), so the database is open by the time the page asks
// for the first snapshot. The core keeps this one promise for every use; a failure is reported where it is used.
const storage = openAppStorage();
storage.catch(() => {});

const core = createWorkerApi({
  fetch: self.fetch.bind(self),
  randomId: () => self.crypto.randomUUID(),
  now: () => Date.now(),
  openStorage: () => storage,
  outboxChannel: () => new BroadcastChannel('droplane-outbox'),
  openWebSocket: (url) => new WebSocket(url),
  // Shared by every tab's worker: two tabs never flush the same queue at once.
  locks: self.navigator.locks ? (name, task) => self.navigator.locks.request(name, task) : undefined,
  barcodeScope: self,
  // Each intent and request leaves a User Timing measure in the worker's trace (base/tracing.ts), unless the page
  // started it untraced (`?trace=off`: the bench's comparison without them).
  timing: self.name === CORE_WORKER_NAMES.untraced ? undefined : self.performance,
});
// The page's start is a main module's evaluation away: what it will ask for first goes out now.
core.prepare(self.location.origin);
expose(core, self);
