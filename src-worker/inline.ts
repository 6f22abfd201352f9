/**
 * The core on the main thread, for the benchmark's side-by-side (`?core=inline`): the same createWorkerApi,
 * exposed on a MessagePort of the page instead of in a worker. Like index.ts, an entry: it reads the globals.
 */
import { expose } from 'comlink';
import { createWorkerApi } from './core/create-worker-api.ts';
import { openAppStorage } from './storage/app-db.ts';

export function exposeInlineCore(port: MessagePort): void {
  expose(
    createWorkerApi({
      fetch: globalThis.fetch.bind(globalThis),
      randomId: () => globalThis.crypto.randomUUID(),
      now: () => Date.now(),
      openStorage: () => openAppStorage(),
      outboxChannel: () => new BroadcastChannel('droplane-outbox'),
      openWebSocket: (url) => new globalThis.WebSocket(url),
      locks: globalThis.navigator?.locks ? (name, task) => globalThis.navigator.locks.request(name, task) : undefined,
      barcodeScope: globalThis,
      timing: globalThis.performance,
    }),
    port,
  );
}
