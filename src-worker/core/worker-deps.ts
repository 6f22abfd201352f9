/** What the core is made of (the browser's or a test's) and what it offers besides the contract. */

import type { LockRunner } from '../base/locks.ts';
import type { Timers } from '../base/timers.ts';
import type { UserTiming } from '../base/tracing.ts';
import type { OpenWebSocket } from '../live/live-connection.ts';
import type { OutboxChannel } from '../outbox/outbox-deps.ts';
import type { ReadPixels } from '../scan/barcode-decoder.ts';
import type { AppStorage } from '../storage/app-db.ts';

export interface WorkerDeps {
  fetch: typeof fetch;
  /** Idempotency keys for stop completions. */
  randomId: () => string;
  /** Milliseconds since the epoch. */
  now: () => number;
  openStorage: () => Promise<AppStorage>;
  /** The outbox's flush lock: Web Locks in the browser (shared by tabs); in-process when not given. */
  locks?: LockRunner;
  /** Timers for the outbox's retries (a fake clock's in tests); the global ones when not given. */
  timers?: Timers;
  /** In [0, 1), for the retries' jitter; Math.random when not given. */
  random?: () => number;
  /** A completion with no answer within this time counts as no answer (default SEND_TIMEOUT_MS, 30 s). */
  sendTimeoutMs?: number;
  /** Any other call with no answer within this time counts as offline (default DEFAULT_REQUEST_TIMEOUT_MS, 30 s). */
  requestTimeoutMs?: number;
  /**
   * A channel to the other tabs' cores (a BroadcastChannel in the browser): one tab's outbox sending or parking an
   * item tells the others, whose counts and marks follow. Without it each tab learns only of its own changes.
   */
  outboxChannel?: () => OutboxChannel;
  /** Opens the open route's live channel (the worker's WebSocket; `ws` in tests). Without it there is none. */
  openWebSocket?: OpenWebSocket;
  /** The worker's global scope, where the browser's BarcodeDetector lives if it has one (else zxing-wasm decodes). */
  barcodeScope?: object;
  /** zxing-wasm's reader (the file's bytes in Node tests); the app's own asset when not given. */
  loadBarcodeReader?: () => Promise<ReadPixels>;
  /** User Timing for the intents' and requests' measures (tracing.ts): the worker's `performance`; none in tests. */
  timing?: UserTiming;
}

/** What tests and the benchmark may reach besides the contract. */
export interface CoreInternals {
  stats(): { patches: number; ops: number };
  /**
   * The worker's entry calls this as the worker starts, before the page's `start` (src-worker/index.ts): with a
   * driver's session stored, the list's request goes out now (list-request.ts `earlyListRequest`), and the start
   * takes its answer if it restores that very session. A call after the start does nothing.
   */
  prepare(origin: string): void;
}
