/**
 * The core's code for working a stop, loaded ahead of its first use (WorkerApi.loadStopCode, issue 31), when a route
 * view opens (issue 45: it shows its stops once this is in, src-ui/screens/stop/stop-code.ts): resizing a
 * photo (with pica), showing stored proof images, decoding barcodes (zxing-wasm's module; its .wasm is fetched on
 * the first frame that needs it, from the service worker's precache). Each is a chunk of its own that the core
 * would otherwise fetch at the moment the driver needs it, which in a first session whose signal went before the
 * service worker took over is too late. A module once loaded stays in the worker's module map: the intents' own
 * imports (proof-media.ts, photo.ts, load-reader.ts) find it there. The same specifiers as theirs, so the
 * bundler gives them the same files (tests/architecture/stop-code-ahead.test.ts holds the list to them).
 */
import { fail, okVoid, type Result } from '../../src-shared/api/worker-api.ts';

export async function loadStopCode(): Promise<Result> {
  try {
    await Promise.all([
      import('../media/photo.ts'),
      import('pica'),
      import('../media/proof-images.ts'),
      import('../scan/frame-decoder.ts'),
      import('../scan/load-reader.ts'),
      import('../scan/zxing-reader.ts'),
      import('zxing-wasm/reader/zxing_reader.wasm?url'),
    ]);
    return okVoid;
  } catch {
    // Offline and never cached: the route view asks again the next time it opens.
    return fail('offline');
  }
}
