/**
 * The core as the UI sees it: createWorkerApi exposed on one port of a MessageChannel and wrapped on the other
 * (as comlink's own tests do), with fake-indexeddb for IndexedDB and the real fetch against a test server.
 */
import 'fake-indexeddb/auto';
import { expose, proxy, type Remote, releaseProxy, wrap } from 'comlink';
import WebSocket from 'ws';
import type { PlatformInit, WorkerApi } from '../../src-shared/api/worker-api.ts';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings.ts';
import type { AppState } from '../../src-shared/state/app-state.ts';
import { applyOps, type Patch } from '../../src-shared/state/patch.ts';
import { createWorkerApi } from '../../src-worker/core/create-worker-api.ts';
import type { WorkerDeps } from '../../src-worker/core/worker-deps.ts';
import type { WebSocketLike } from '../../src-worker/live/live-connection.ts';
import { openAppStorage } from '../../src-worker/storage/app-db.ts';

let dbSeq = 0;
export const newDbName = () => `droplane-test-${process.pid}-${++dbSeq}`;

export interface CoreHarness {
  api: Remote<WorkerApi>;
  /** The state as the UI would mirror it: the snapshot plus every patch received. */
  state(): AppState;
  /** Every patch received, the start's own included (they may arrive after the snapshot they are part of). */
  patches: Patch[];
  /** The snapshot's version: a patch numbered above it came after the start. */
  startVersion: number;
  /** Resolves once the mirrored state satisfies the predicate. */
  until(predicate: (state: AppState) => boolean, timeoutMs?: number): Promise<AppState>;
  /** Unsubscribes and closes the core; a second call (a test closed it, then its suite) waits for the first. */
  close(): Promise<void>;
}

export interface CoreOptions {
  baseUrl: string;
  dbName?: string;
  init?: Partial<PlatformInit>;
  fetch?: typeof fetch;
  /** Shared between two cores to play two tabs of one browser (src-worker/base/locks.ts). */
  locks?: WorkerDeps['locks'];
  timers?: WorkerDeps['timers'];
  now?: () => number;
  sendTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** The live channel's WebSocket (default: `ws`, as Node 20 has none of its own); null for none. */
  openWebSocket?: WorkerDeps['openWebSocket'] | null;
  /** zxing-wasm's reader for decodeBarcodes (tests/helpers/zxing.ts reads the .wasm from node_modules). */
  loadBarcodeReader?: WorkerDeps['loadBarcodeReader'];
  /** User Timing for the core's `core:` and `net:` measures (Node's `performance` will do); none when not given. */
  timing?: WorkerDeps['timing'];
  /**
   * Plays the worker's entry: `prepare` is called as the core is made (src-worker/index.ts), and the page's start
   * comes only once this resolves (the main module's evaluation, in the browser).
   */
  prepareBeforeStart?: () => Promise<void>;
}

export async function startCore(options: CoreOptions): Promise<CoreHarness> {
  const dbName = options.dbName ?? newDbName();
  const channel = new MessageChannel();
  const core = createWorkerApi({
    fetch: options.fetch ?? globalThis.fetch,
    randomId: () => crypto.randomUUID(),
    now: options.now ?? (() => Date.now()),
    openStorage: () => openAppStorage(dbName),
    locks: options.locks,
    timers: options.timers,
    sendTimeoutMs: options.sendTimeoutMs,
    loadBarcodeReader: options.loadBarcodeReader,
    requestTimeoutMs: options.requestTimeoutMs,
    timing: options.timing,
    openWebSocket:
      options.openWebSocket === null
        ? undefined
        : (options.openWebSocket ?? ((url) => new WebSocket(url) as unknown as WebSocketLike)),
    // Cores of one device (one database) hear each other, as tabs of one browser do.
    outboxChannel: () => {
      const channel = new BroadcastChannel(`droplane-outbox-${dbName}`);
      // Node keeps a process alive while a channel is open: a test's cores must not.
      (channel as BroadcastChannel & { unref?: () => void }).unref?.();
      return channel;
    },
  });
  if (options.prepareBeforeStart) {
    core.prepare(options.baseUrl);
    await options.prepareBeforeStart();
  }
  expose(core, channel.port1);
  const api = wrap<WorkerApi>(channel.port2);

  const patches: Patch[] = [];
  let mirrored: AppState | null = null;
  let version = 0;
  const waiters = new Set<() => void>();
  const onPatch = (patch: Patch) => {
    patches.push(patch);
    if (!mirrored || patch.version <= version) return;
    if (patch.version !== version + 1) throw new Error(`version gap: ${version} then ${patch.version}`);
    mirrored = applyOps(mirrored, patch.ops);
    version = patch.version;
    for (const w of waiters) w();
  };
  const listener = proxy(onPatch);
  await api.subscribe(listener);
  const snapshot = await api.start({
    baseUrl: options.baseUrl,
    settings: DEFAULT_SETTINGS,
    languageChosen: true,
    link: null,
    online: true,
    visible: true,
    ...options.init,
  });
  mirrored = snapshot.state;
  version = snapshot.version;

  let closed: Promise<void> | null = null;
  return {
    api,
    patches,
    startVersion: snapshot.version,
    state: () => mirrored!,
    until(predicate, timeoutMs = 5000) {
      // Made here, so a timeout's stack names the test line that waited.
      const never = new Error('state never matched');
      return new Promise((resolve, reject) => {
        const check = () => {
          if (mirrored && predicate(mirrored)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(mirrored);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(never);
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      closed ??= (async () => {
        await api.unsubscribe();
        api[releaseProxy]();
        channel.port1.close();
        channel.port2.close();
      })();
      return closed;
    },
  };
}
