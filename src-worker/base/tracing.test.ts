import { describe, expect, it } from 'vitest';
import { KEPT_MEASURES, requestName, traceIntents, traceRequest, type UserTiming } from './tracing.ts';

/** A timeline that keeps what it was given, on a clock the test moves. */
function recordingTiming() {
  let clock = 0;
  const measures: { name: string; start: number; end: number }[] = [];
  let cleared = 0;
  const timing: UserTiming = {
    now: () => clock,
    measure: (name, { start, end }) => measures.push({ name, start, end }),
    clearMeasures: () => {
      cleared++;
    },
  };
  return {
    timing,
    measures,
    tick: (ms: number) => {
      clock += ms;
    },
    cleared: () => cleared,
  };
}

describe('requestName', () => {
  it.each([
    ['POST', '/v1/drivers/signin', 'net:POST /v1/drivers/signin'],
    ['POST', '/v1/projects/12/routes/345/services/6789', 'net:POST /v1/projects/:id/routes/:id/services/:id'],
    ['GET', '/v1/projects/routes?date=2026-11-27&limit=20', 'net:GET /v1/projects/routes'],
    ['GET', '/v1/images/42', 'net:GET /v1/images/:id'],
    ['GET', '/v1/app-config2/x', 'net:GET /v1/app-config2/x'],
  ])('%s %s is %s', (method, path, name) => {
    expect(requestName(method, path)).toBe(name);
  });
});

describe('traceIntents', () => {
  it('measures an intent from its call until its promise settles, resolved or rejected', async () => {
    const t = recordingTiming();
    let finish!: () => void;
    const api = traceIntents(
      {
        completeStop: () => new Promise<void>((resolve) => (finish = resolve)),
        broken: () => Promise.reject(new Error('refused')),
        version: 3,
      },
      t.timing,
    );
    const done = api.completeStop();
    t.tick(40);
    expect(t.measures).toEqual([]);
    finish();
    await done;
    await expect(api.broken()).rejects.toThrow('refused');
    expect(t.measures).toEqual([
      { name: 'core:completeStop', start: 0, end: 40 },
      { name: 'core:broken', start: 40, end: 40 },
    ]);
    expect(api.version).toBe(3);
  });

  it('gives the object back untouched without a timeline', () => {
    const api = { start: async () => 1 };
    expect(traceIntents(api, undefined)).toBe(api);
  });

  it('clears the timeline once it holds a thousand measures, and never breaks the intent when measuring fails', async () => {
    const t = recordingTiming();
    const api = traceIntents({ ping: async () => 'pong' }, t.timing);
    for (let i = 0; i < KEPT_MEASURES * 2; i++) await api.ping();
    expect(t.cleared()).toBe(2);
    const refusing: UserTiming = {
      now: () => 0,
      measure: () => {
        throw new Error('timeline closed');
      },
      clearMeasures: () => {},
    };
    expect(await traceIntents({ ping: async () => 'pong' }, refusing).ping()).toBe('pong');
  });
});

describe('traceRequest', () => {
  it('measures the request under its name, and passes its answer or its failure through', async () => {
    const t = recordingTiming();
    const answer = traceRequest(t.timing, 'GET', '/v1/images/7', async () => {
      t.tick(12);
      return 'blob';
    });
    expect(await answer).toBe('blob');
    await expect(
      traceRequest(t.timing, 'POST', '/v1/drivers/signin', () => Promise.reject(new Error('offline'))),
    ).rejects.toThrow('offline');
    expect(t.measures.map((m) => [m.name, m.end - m.start])).toEqual([
      ['net:GET /v1/images/:id', 12],
      ['net:POST /v1/drivers/signin', 0],
    ]);
  });
});
