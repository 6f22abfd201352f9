/**
 * User Timing measures for whoever profiles the core (docs/performance.md, "Profiling the core"): each intent leaves
 * `core:<intent>` and each server request `net:<METHOD> <path>` (ids as `:id`), from its call to its answer, so a
 * DevTools trace of the worker reads as a story instead of anonymous tasks. The page marks each patch it applies
 * (src-ui/bridge/mirror.ts), so the two threads line up.
 *
 * The timing is injected (the worker entry hands in its `performance`); without one nothing is measured. A measure
 * is one call into the browser's timeline, made after the work: it costs nothing the bench can see (scenario 4,
 * with and without).
 */

/** What the core needs of User Timing: the clock, `measure` with a start and an end, and clearing them. */
export interface UserTiming {
  now(): number;
  measure(name: string, options: { start: number; end: number; detail?: unknown }): unknown;
  clearMeasures(): void;
}

/**
 * The timeline keeps every measure until it is cleared, and a driver's day makes tens of thousands: past this many
 * they are cleared. A trace records each one as it is made, so clearing loses nothing a profile shows.
 */
export const KEPT_MEASURES = 1000;
const measuresMade = new WeakMap<UserTiming, number>();

/** Measures `name` from `start` until now; a timeline that refuses the entry never breaks the work it measures. */
function measureSince(timing: UserTiming, name: string, start: number): void {
  try {
    timing.measure(name, { start, end: timing.now() });
    const made = (measuresMade.get(timing) ?? 0) + 1;
    measuresMade.set(timing, made % KEPT_MEASURES);
    if (made === KEPT_MEASURES) timing.clearMeasures();
  } catch {
    // A full or closed timeline: the work went on, only its trace is missing.
  }
}

/**
 * The same object, each function of it measured as `core:<name>` until the promise it answers settles. Functions
 * that answer no promise are measured until they return.
 */
export function traceIntents<T extends object>(target: T, timing: UserTiming | undefined): T {
  if (!timing) return target;
  const traced = { ...target } as Record<string, unknown>;
  for (const [name, value] of Object.entries(target)) {
    if (typeof value !== 'function') continue;
    const intent = value as (...args: unknown[]) => unknown;
    traced[name] = (...args: unknown[]) => {
      const start = timing.now();
      const answer = intent(...args);
      if (answer instanceof Promise) return answer.finally(() => measureSince(timing, `core:${name}`, start));
      measureSince(timing, `core:${name}`, start);
      return answer;
    };
  }
  return traced as T;
}

/** A request's path as a name: the query left out, each number (an id) written `:id`. */
export const requestName = (method: string, path: string) =>
  `net:${method} ${path.replace(/[?#].*$/, '').replace(/\/\d+(?=\/|$)/g, '/:id')}`;

/** Measures one server request from its start until `answered` settles. */
export async function traceRequest<T>(
  timing: UserTiming | undefined,
  method: string,
  path: string,
  answered: () => Promise<T>,
): Promise<T> {
  if (!timing) return answered();
  const start = timing.now();
  try {
    return await answered();
  } finally {
    measureSince(timing, requestName(method, path), start);
  }
}
