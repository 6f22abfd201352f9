/// <reference lib="webworker" />
/**
 * The worker's entry: the only file that touches `self`. It builds the core from the browser's own fetch,
 * clock and IndexedDB, and exposes it over Comlink.
 */
import { expose } from 'comlink';
import { createWorkerApi } from './core/create-worker-api.ts';
import { openAppStorage } from './storage/app-db.ts';

declare const self: DedicatedWorkerGlobalScope;

expose(
  createWorkerApi({
    fetch: self.fetch.bind(self),
    randomId: () => self.crypto.randomUUID(),
    now: () => Date.now(),
    openStorage: () => openAppStorage(),
    outboxChannel: () => new BroadcastChannel('droplane-outbox'),
    openWebSocket: (url) => new WebSocket(url),
    // Shared by every tab's worker: two tabs never flush the same queue at once.
    locks: self.navigator.locks ? (name, task) => self.navigator.locks.request(name, task) : undefined,
    barcodeScope: self,
  }),
  self,
);
