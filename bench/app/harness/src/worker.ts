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
  const api = createWorkerApi({
    fetch: tracker.countFetches(self.fetch.bind(self)),
    randomId: () => self.crypto.randomUUID(),
    now: () => Date.now(),
    openStorage: () => openAppStorage(),
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
  await api.unsubscribe();
  return {
    intents,
    openRouteSamples,
    completeStopSamples,
    routeStops: stops.filter((s) => s.type !== 'start' && s.type !== 'end').length,
    snapshotBytes,
    stats: api.stats(),
  };
}

const bench: BenchWorker = {
  async resizePhoto(photo, runs) {
    // Imported as the core imports it (create-worker-api.ts), so its chunk stays lazy here too.
    const { blobToDataUrl, resizePhoto } = await import('../../../../src-worker/media/photo.ts');
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
