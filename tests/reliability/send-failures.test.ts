/**
 * The send failure matrix: the app's core sends its queued completions through a fault proxy in front of the real
 * server, which fails each one's first send in one way (500, 502, 503, a timeout, 429, 401 then a refresh, an answer
 * lost on the way, 404, 400). Exactly the queued completions arrive, once each: the transient faults are retried,
 * the refusals are parked for the driver with the server's words, and the queue goes on behind them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { CoreHarness } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { type FaultProxy, type ProxyFault, startFaultProxy } from '../helpers/fault-proxy.ts';
import { manualTimers } from '../helpers/faults.ts';
import { makeDriver, makeRoute, PASSWORD, stopsAroundUtrecht } from '../helpers/fixtures.ts';

const suite = coreSuite();
let proxy: FaultProxy;
beforeAll(async () => {
  proxy = await startFaultProxy(suite.t.url);
});
// Run before the suite's own (after hooks run last first): the proxy closes before the server.
afterAll(() => proxy.close());

const isCompletion = (r: { method: string; path: string }) => r.method === 'POST' && /\/services\/\d+$/.test(r.path);

type Expect = 'arrives' | 'parked';
const MATRIX: [string, ProxyFault, Expect][] = [
  ['500', { status: 500 }, 'arrives'],
  ['502', { status: 502 }, 'arrives'],
  ['503', { status: 503 }, 'arrives'],
  ['timeout', 'hang', 'arrives'],
  ['429', { status: 429 }, 'arrives'],
  ['401 then refresh', { status: 401, message: 'The access token has expired' }, 'arrives'],
  ['answer lost', 'lose-answer', 'arrives'],
  ['404', { status: 404, message: 'Stop not found. Please reload your route.' }, 'parked'],
  ['400', { status: 400, message: 'completion_note is too long' }, 'parked'],
];

async function completions(routeId: number) {
  return suite.t.server.ctx.db.selectFrom('completions').select('stop_id').where('route_id', '=', routeId).execute();
}

it('delivers exactly the queued completions through every kind of send failure', { timeout: 300_000 }, async () => {
  const figures: string[] = [];
  for (const [name, fault, expected] of MATRIX) {
    const driver = await makeDriver(suite.t);
    const { routeId } = await makeRoute(suite.t, driver, { date: localDate(new Date()), stops: stopsAroundUtrecht(2) });
    const timers = manualTimers();
    proxy.rule = () => 'pass';
    const c = await suite.core({ baseUrl: proxy.url, timers, sendTimeoutMs: 500, openWebSocket: null });
    try {
      await c.api.signIn(driver.email, PASSWORD);
      await c.api.openRoute(routeId, { shared: false });
      await c.until((s) => s.route?.status === 'ready');
      await c.api.startRoute(null);
      const state = await c.until((s) => s.route?.route?.status === 'in_progress');
      const [first, second] = state.route!.route!.stops.filter((s) => s.type === 'delivery');
      // The first send of the first completion meets the fault; everything else passes.
      let faulted = false;
      proxy.rule = (r) => {
        if (faulted || !isCompletion(r) || !r.path.endsWith(`/${first!.id}`)) return 'pass';
        faulted = true;
        return fault;
      };
      await c.api.completeStop(first!.id, { status: 'finished', completion_note: name });
      await c.api.completeStop(second!.id, { status: 'finished' });
      const settled = (s: ReturnType<CoreHarness['state']>) => s.outbox.unsent === 0;
      for (let i = 0; i < 20 && !settled(c.state()); i++) {
        await new Promise((r) => setTimeout(r, 100));
        timers.fireAll();
      }
      const done = await c.until(settled, 10_000);
      const stored = (await completions(routeId)).map((r) => r.stop_id).sort();
      if (expected === 'arrives') {
        expect(stored, name).toEqual([first!.id, second!.id].sort());
        expect(done.outbox.parked, name).toEqual([]);
      } else {
        expect(stored, name).toEqual([second!.id]);
        expect(
          done.outbox.parked.map((p) => p.stopId),
          name,
        ).toEqual([first!.id]);
      }
      figures.push(`${name} ${expected === 'arrives' ? `${stored.length}/2 stored once` : 'parked, next stored'}`);
    } finally {
      proxy.rule = () => 'pass';
      await c.close();
    }
  }
  console.log(`reliability: send failure matrix through a fault proxy -> ${figures.join('; ')}`);
});
