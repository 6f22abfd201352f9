/// <reference lib="webworker" />
/**
 * The bench worker: the app's real worker code (photo resize, line decode, the core built as src-worker/index.ts
 * builds it), timed with the worker's own clock, because CPU throttling of the page does not reach workers.
 */
import { expose } from 'comlink';
import type { StopCompletion } from '../../../../src-shared/api/worker-api.ts';
import { DEFAULT_SETTINGS } from '../../../../src-shared/domain/settings.ts';
import type { Patch } from '../../../../src-shared/state/patch.ts';
import { createWorkerApi } from '../../../../src-worker/core/create-worker-api.ts';
import { decodeLine } from '../../../../src-worker/media/polyline.ts';
import { openAppStorage } from '../../../../src-worker/storage/app-db.ts';
import type { BenchWorker, CoreFiguresInput, IntentPatches } from '../protocol.ts';
import { settleTracker } from './settle.ts';

declare const self: DedicatedWorkerGlobalScope;

const encoder = new TextEncoder();
const jsonBytes = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/** Fails the bench loudly: an intent that did not work measured nothing. */
function expectOk(intent: string, result: { ok: boolean; error?: string; message?: string }) {
  if (!result.ok) throw new Error(`${intent} failed: ${result.error}${result.message ? ` (${result.message})` : ''}`);
}

async function coreFigures(input: CoreFiguresInput) {
  const tracker = settleTracker();
  /** The network as the flush figure plays it: down while its completions are queued. */
  let offline = false;
  const network: typeof fetch = (input, init) =>
    offline ? Promise.reject(new TypeError('Failed to fetch')) : self.fetch(input, init);
  const api = createWorkerApi({
    fetch: tracker.countFetches(network),
    randomId: () => self.crypto.randomUUID(),
    now: () => Date.now(),
    openStorage: () => openAppStorage(),
    openWebSocket: (url) => new WebSocket(url),
  });
  let bucket: { bytes: number; ops: number }[] = [];
  await api.subscribe((patch: Patch) => {
    bucket.push({ bytes: jsonBytes(patch), ops: patch.ops.length });
    tracker.touch();
  });

  const intents: IntentPatches[] = [];
  /** Runs one intent from a quiet core and waits for its follow-ups (line, outbox send) before counting. */
  async function intent<T>(name: string | null, call: () => Promise<T>): Promise<{ result: T; ms: number }> {
    await tracker.settled();
    bucket = [];
    const started = performance.now();
    const result = await call();
    const ms = performance.now() - started;
    await tracker.settled();
    if (name) {
      intents.push({
        intent: name,
        patches: bucket.length,
        ops: bucket.reduce((sum, p) => sum + p.ops, 0),
        bytes: bucket.reduce((sum, p) => sum + p.bytes, 0),
        largestPatchBytes: Math.max(0, ...bucket.map((p) => p.bytes)),
        ms,
      });
    }
    return { result, ms };
  }
  const openRoute = (id: number) => api.openRoute(id, { shared: false });

  await intent('start', () =>
    api.start({
      baseUrl: input.baseUrl,
      settings: DEFAULT_SETTINGS,
      languageChosen: true,
      link: null,
      online: true,
      visible: true,
    }),
  );
  expectOk('signIn', (await intent('signIn', () => api.signIn(input.email, input.password))).result);
  expectOk('loadRouteList', (await intent('loadRouteList', () => api.loadRouteList())).result);

  expectOk('openRoute', (await intent('openRoute', () => openRoute(input.routeId))).result);
  const open = (await api.snapshot()).state.route;
  const stops = open?.route?.stops ?? [];
  if (stops.length === 0) throw new Error(`openRoute(${input.routeId}) left no route with stops in the state`);
  if (!open?.line) throw new Error(`openRoute(${input.routeId}) loaded no planned line: the snapshot would be short`);
  const snapshotBytes = jsonBytes(await api.snapshot());
  const burst = await burstFigure(api, input, () => bucket);
  const middle = stops[Math.floor(stops.length / 2)]!;
  await intent('selectStop', () => api.selectStop(middle.id));

  // The first open above was the warm-up (route chunk, IndexedDB); these are timed.
  const openRouteSamples: number[] = [];
  for (let i = 0; i < input.runs; i++) {
    await intent(null, () => api.closeRoute());
    const { result, ms } = await intent(null, () => openRoute(input.routeId));
    expectOk('openRoute', result);
    openRouteSamples.push(ms);
  }

  expectOk('openRoute', (await intent('openRoute (started work route)', () => openRoute(input.workRouteId))).result);
  const completeStopSamples: number[] = [];
  for (let i = 0; i < input.runs; i++) {
    const work = (await api.snapshot()).state.route?.route;
    if (work?.status !== 'in_progress') throw new Error(`Route ${input.workRouteId} is not in progress`);
    const next = work.stops.find((s) => s.type !== 'start' && s.type !== 'end' && s.status === 'pending');
    if (next?.type !== 'delivery') throw new Error(`Route ${input.workRouteId} has no open delivery stop next`);
    const completion: StopCompletion = { status: 'finished', proofs: { images: [input.proofImage] } };
    const { result, ms } = await intent(i === 0 ? 'completeStop (delivered, 1 photo)' : null, () =>
      api.completeStop(next.id, completion),
    );
    expectOk('completeStop', result);
    completeStopSamples.push(ms);
  }
  const flush = await flushFigure(
    api,
    input,
    () => {
      offline = true;
    },
    () => {
      offline = false;
    },
  );
  await api.unsubscribe();
  return {
    burst,
    flush,
    intents,
    openRouteSamples,
    completeStopSamples,
    routeStops: stops.filter((s) => s.type !== 'start' && s.type !== 'end').length,
    snapshotBytes,
    stats: api.stats(),
  };
}

/** How many dispatcher changes the burst figure sends at once. */
const BURST_EVENTS = 50;

/**
 * Issue 13's burst figure: BURST_EVENTS dispatcher changes to stops of the open 300-stop route, sent at once; each
 * reaches the core as a socket event. Reports the patches the UI got for them (bytes per event, how many patches)
 * and the time from the first change sent until the last one is in the state the UI mirrors.
 */
async function burstFigure(
  api: ReturnType<typeof createWorkerApi>,
  input: CoreFiguresInput,
  patches: () => { bytes: number; ops: number }[],
) {
  const connectedBy = performance.now() + 10_000;
  while ((await api.snapshot()).state.live.socket !== 'connected') {
    if (performance.now() > connectedBy)
      throw new Error(`The live channel never connected (${(await api.snapshot()).state.live.socket})`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const stops = (await api.snapshot()).state.route?.route?.stops.filter((s) => s.type === 'delivery') ?? [];
  if (stops.length < BURST_EVENTS) throw new Error(`The big route has fewer than ${BURST_EVENTS} deliveries`);
  const targets = stops.slice(0, BURST_EVENTS);
  const before = patches().length;
  const started = performance.now();
  await Promise.all(
    targets.map((stop, i) =>
      self.fetch(`${input.baseUrl}/v1/dispatch/routes/${input.routeId}/stops/${stop.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${input.dispatchToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ notes: `Burst note ${i}` }),
      }),
    ),
  );
  const wanted = new Set(targets.map((s) => s.id));
  for (;;) {
    const shown = (await api.snapshot()).state.route?.route?.stops ?? [];
    if (shown.filter((s) => wanted.has(s.id) && s.information.notes?.startsWith('Burst note')).length === BURST_EVENTS)
      break;
    if (performance.now() - started > 30_000) throw new Error('The burst never fully arrived');
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = performance.now() - started;
  await new Promise((r) => setTimeout(r, 100));
  const burst = patches().slice(before);
  const bytes = burst.reduce((sum, p) => sum + p.bytes, 0);
  return {
    events: BURST_EVENTS,
    ms: Math.round(ms),
    patches: burst.length,
    bytesPerEvent: Math.round(bytes / BURST_EVENTS),
  };
}

/** How many completions the flush figure queues offline, each with the proof photo. */
const FLUSH_ITEMS = 100;

/**
 * Issue 12's flush figure: FLUSH_ITEMS completions of the open work route made offline (each stored with its photo),
 * then the network back and the queue sent. Reports the time to send them all, and the storage the queue takes per
 * add at its start and at its end (as navigator.storage.estimate() sees it), which must not grow with its length.
 */
async function flushFigure(
  api: ReturnType<typeof createWorkerApi>,
  input: CoreFiguresInput,
  goOffline: () => void,
  goOnline: () => void,
) {
  goOffline();
  await api.setConnectivity({ online: false });
  const usage = async () => (await self.navigator.storage.estimate()).usage ?? 0;
  const usageAt: number[] = [await usage()];
  const addMs: number[] = [];
  for (let i = 0; i < FLUSH_ITEMS; i++) {
    const work = (await api.snapshot()).state.route?.route;
    const next = work?.stops.find((s) => s.type === 'delivery' && s.status === 'pending');
    if (!next) throw new Error(`The work route has fewer than ${FLUSH_ITEMS} open deliveries left`);
    const started = performance.now();
    expectOk(
      'completeStop (offline)',
      await api.completeStop(next.id, { status: 'finished', proofs: { images: [input.proofImage] } }),
    );
    addMs.push(performance.now() - started);
    usageAt.push(await usage());
  }
  const perAdd = (from: number, to: number) => Math.round((usageAt[to]! - usageAt[from]!) / (to - from));
  goOnline();
  const started = performance.now();
  await api.setConnectivity({ online: true });
  for (;;) {
    const { outbox } = (await api.snapshot()).state;
    if (outbox.unsent === 0) break;
    if (performance.now() - started > 120_000) throw new Error(`The flush left ${outbox.unsent} unsent`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    items: FLUSH_ITEMS,
    flushMs: Math.round(performance.now() - started),
    addMsMedian: addMs.sort((a, b) => a - b)[Math.floor(addMs.length / 2)]!,
    bytesPerAddFirst10: perAdd(0, 10),
    bytesPerAddLast10: perAdd(FLUSH_ITEMS - 10, FLUSH_ITEMS),
    parked: (await api.snapshot()).state.outbox.parked.length,
  };
}

const bench: BenchWorker = {
  async resizePhoto(photo, runs) {
    // Imported as the core imports it (create-worker-api.ts), so its chunk stays lazy here too.
    const { resizePhoto } = await import('../../../../src-worker/media/photo.ts');
    const { blobToDataUrl } = await import('../../../../src-worker/media/data-url.ts');
    const samples: number[] = [];
    let last: Awaited<ReturnType<typeof resizePhoto>> | null = null;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      last = await resizePhoto(photo);
      samples.push(performance.now() - started);
    }
    if (!last) throw new Error('resizePhoto needs at least one run');
    return {
      samples,
      input: { bytes: photo.size, type: photo.type },
      output: { bytes: last.blob.size, width: last.width, height: last.height },
      dataUrl: await blobToDataUrl(last.blob),
    };
  },

  async decodeLine(encoded, runs) {
    // One untimed run first: the first call pays for parsing and compiling the decoder.
    const points = decodeLine(encoded).length;
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const decoded = decodeLine(encoded);
      samples.push(performance.now() - started);
      // Using the result keeps the engine from dropping a call whose answer nobody reads.
      if (decoded.length !== points) throw new Error('decodeLine answered differently on the same input');
    }
    return { samples, warmUpRuns: 1, points };
  },

  coreFigures,
};

expose(bench, self);
