/**
 * Connects the UI to the core: in a dedicated worker (the default), or inline on the main thread over a
 * MessageChannel when the URL says `?core=inline` or the build sets VITE_CORE=inline. Either way the UI holds
 * the same `Remote<WorkerApi>`.
 */
import { type Remote, releaseProxy, wrap } from 'comlink';
import type { WorkerApi } from '../../src-shared/api/worker-api.ts';
import type { CoreMode } from './core-mode.ts';
import { coreWorker } from './core-worker.ts';

export interface CoreConnection {
  api: Remote<WorkerApi>;
  mode: CoreMode;
  /** Releases the proxy and ends the worker (or closes the channel). */
  dispose(): void;
}

export async function connectCore(mode: CoreMode): Promise<CoreConnection> {
  if (mode === 'worker') {
    // Started by start-early.ts already, as a rule: this takes the same worker.
    const worker = coreWorker();
    const api = wrap<WorkerApi>(worker);
    return {
      api,
      mode,
      dispose() {
        api[releaseProxy]();
        worker.terminate();
      },
    };
  }
  // Loaded only in this mode, so the worker build never puts the core into the main bundle.
  const { exposeInlineCore } = await import('../../src-worker/inline.ts');
  const channel = new MessageChannel();
  exposeInlineCore(channel.port1);
  const api = wrap<WorkerApi>(channel.port2);
  return {
    api,
    mode,
    dispose() {
      api[releaseProxy]();
      channel.port1.close();
      channel.port2.close();
    },
  };
}
