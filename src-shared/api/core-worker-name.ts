/**
 * The core worker's name, which DevTools shows on its track. A page opened with `?trace=off` starts it under the
 * untraced name (coreWorkerName, src-ui/bridge/core-mode.ts), and the worker's entry then gives the core no User Timing (src-worker/base/tracing.ts): how the
 * bench measures scenario 4 without the measures, beside it with them (docs/performance.md, "Profiling the core").
 */
export const CORE_WORKER_NAMES = { traced: 'droplane-core', untraced: 'droplane-core untraced' } as const;
