import { afterEach, describe, expect, it } from 'vitest';
import { okVoid, type Result } from '../../../src-shared/api/worker-api.ts';
import { STOP_CODE_LOADED_MARK, stopCodePreloader } from './stop-code-preloader.ts';

/** Idle periods on demand: `next()` runs the one callback waiting, as the browser would in its next idle period. */
function idlePeriods() {
  const waiting: (() => void)[] = [];
  const idle = (work: () => void) => {
    waiting.push(work);
    return () => {
      const at = waiting.indexOf(work);
      if (at >= 0) waiting.splice(at, 1);
    };
  };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    idle,
    waiting: () => waiting.length,
    async next() {
      expect(waiting).toHaveLength(1);
      waiting.shift()!();
      await flush();
    },
  };
}

const marks = () => performance.getEntriesByName(STOP_CODE_LOADED_MARK).length;

afterEach(() => performance.clearMarks(STOP_CODE_LOADED_MARK));

describe('loading a stop’s code ahead', () => {
  it('one module per idle period, in order, then the core’s part, then the mark', async () => {
    const loaded: string[] = [];
    const step = (name: string) => async () => void loaded.push(name);
    const periods = idlePeriods();
    const preload = stopCodePreloader([step('stop'), step('complete')], periods.idle);
    preload(async (): Promise<Result> => {
      loaded.push('core');
      return okVoid;
    });
    // Nothing before the first idle period (the route view's first paint comes first).
    expect(loaded).toEqual([]);
    await periods.next();
    expect(loaded).toEqual(['stop']);
    await periods.next();
    expect(loaded).toEqual(['stop', 'complete']);
    expect(marks()).toBe(0);
    await periods.next();
    expect(loaded).toEqual(['stop', 'complete', 'core']);
    expect(marks()).toBe(1);
    expect(periods.waiting()).toBe(0);
    // Everything is in: a later route view loads nothing.
    preload(async () => okVoid);
    expect(periods.waiting()).toBe(0);
  });

  it('the route view gone, nothing more is loaded', async () => {
    const loaded: string[] = [];
    const periods = idlePeriods();
    const preload = stopCodePreloader(
      [async () => void loaded.push('stop'), async () => void loaded.push('more')],
      periods.idle,
    );
    const cancel = preload(async () => okVoid);
    await periods.next();
    cancel();
    expect(periods.waiting()).toBe(0);
    expect(loaded).toEqual(['stop']);
  });

  it('a part that cannot load (offline, never cached) is skipped, and the next route view tries again', async () => {
    let online = false;
    const loaded: string[] = [];
    const periods = idlePeriods();
    const preload = stopCodePreloader(
      [
        async () => {
          if (!online) throw new TypeError('Failed to fetch dynamically imported module');
          loaded.push('stop');
        },
        async () => void loaded.push('complete'),
      ],
      periods.idle,
    );
    const core = async (): Promise<Result> => (online ? okVoid : { ok: false, error: 'offline' });
    preload(core);
    for (let i = 0; i < 3; i++) await periods.next();
    expect(loaded).toEqual(['complete']);
    expect(marks()).toBe(0);

    online = true;
    preload(core);
    for (let i = 0; i < 3; i++) await periods.next();
    expect(loaded).toEqual(['complete', 'stop', 'complete']);
    expect(marks()).toBe(1);
  });
});
