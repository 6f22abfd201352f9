/**
 * What the bench page's worker answers, shared by the worker (bench/app/harness/src) and the Node side
 * (bench/app/worker-figures.ts). Types only, with no lib of its own, so both projects can include it.
 */

/** Milliseconds measured in the worker with performance.now(). */
type Samples = number[];

interface PhotoResizeAnswer {
  samples: Samples;
  input: { bytes: number; type: string };
  output: { bytes: number; width: number; height: number };
  /** The resized photo as the stop update carries it, reused as the completion's proof. */
  dataUrl: string;
}

interface LineDecodeAnswer {
  samples: Samples;
  warmUpRuns: number;
  points: number;
}

/** The patches one intent produced, its background follow-ups (planned line, outbox send) included. */
export interface IntentPatches {
  intent: string;
  patches: number;
  ops: number;
  bytes: number;
  largestPatchBytes: number;
  /** The intent's own promise, from the call to its resolution, in ms. */
  ms: number;
}

export interface CoreFiguresInput {
  baseUrl: string;
  email: string;
  password: string;
  routeId: number;
  workRouteId: number;
  runs: number;
  /** A data URL of a resized photo, the delivered stop's proof. */
  proofImage: string;
  /** The dispatcher API's token: the burst figure changes stops through it. */
  dispatchToken: string;
}

/** Issue 13: dispatcher changes arriving at once on the open 300-stop route. */
export interface BurstFigure {
  events: number;
  /** From the first change sent until the last one is in the mirrored state, ms. */
  ms: number;
  /** Patches the UI got for the burst (a frame's worth of events coalesce into one). */
  patches: number;
  bytesPerEvent: number;
}

/** Issue 12: completions queued offline with a photo each, then sent when the network is back. */
export interface FlushFigure {
  items: number;
  /** From the network back to the last one sent, ms. */
  flushMs: number;
  /** One completeStop offline (stored on the device), median ms. */
  addMsMedian: number;
  /** Storage growth per add over the first ten and the last ten (navigator.storage.estimate()), bytes. */
  bytesPerAddFirst10: number;
  bytesPerAddLast10: number;
  /** Items the server refused (should be 0). */
  parked: number;
}

interface CoreFiguresAnswer {
  burst: BurstFigure;
  flush: FlushFigure;
  intents: IntentPatches[];
  /** `openRoute` of the big route, timed after one untimed warm-up open. */
  openRouteSamples: Samples;
  /** `completeStop` of consecutive open stops of the work route (store, send, refresh). */
  completeStopSamples: Samples;
  /** The big route's stops without its start and end, as the app counts them. */
  routeStops: number;
  /** snapshot() as JSON, in bytes, with the big route open and its planned line loaded. */
  snapshotBytes: number;
  stats: { patches: number; ops: number };
}

export interface BenchWorker {
  resizePhoto(photo: Blob, runs: number): Promise<PhotoResizeAnswer>;
  decodeLine(encoded: string, runs: number): Promise<LineDecodeAnswer>;
  coreFigures(input: CoreFiguresInput): Promise<CoreFiguresAnswer>;
}
