import { CORE_WORKER_NAMES } from '../../src-shared/api/core-worker-name.ts';

/** Where the core runs: its dedicated worker (the default), or inline on the main thread (`?core=inline`). */
export type CoreMode = 'worker' | 'inline';

export function coreModeFrom(search: string): CoreMode {
  const flag = new URLSearchParams(search).get('core') ?? import.meta.env.VITE_CORE;
  return flag === 'inline' ? 'inline' : 'worker';
}

/** The name a page at `search` starts its core worker under: untraced with `?trace=off` (no User Timing). */
export const coreWorkerName = (search: string): string =>
  new URLSearchParams(search).get('trace') === 'off' ? CORE_WORKER_NAMES.untraced : CORE_WORKER_NAMES.traced;
