/**
 * The bench page: starts the bench worker and leaves its Comlink proxy on `window.bench`, where the Node side
 * (bench/app/worker-figures.ts) calls it through page.evaluate. Nothing is measured here, only in the worker.
 */
import { wrap } from 'comlink';
import type { BenchWorker } from '../protocol.ts';

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'bench-core' });
(globalThis as unknown as { bench: unknown }).bench = wrap<BenchWorker>(worker);
