/**
 * A recipient's delivery code guessed in a burst across two server processes on one PostgreSQL database (issue 44):
 * 100 guesses for a stop sent at once, alternating between the processes as a round-robin load balancer does, the
 * right code last. A try is counted before it is judged (src-server/repo/delivery-codes.ts), so five wrong guesses
 * take the stop's five places and the right one, coming after them, is never judged. Before, each process read the
 * count, compared, and only then counted: a right code read a count the wrong ones had not reached yet and was taken
 * on about one stop in four, though the count afterwards said 5 as it should.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_CODE_MAX_WRONG } from '../../src-shared/limits.ts';
import { burstSummary, completionBurst, HELD_BURST, routeWithCodes, tryEndpointBurst } from '../helpers/code-bursts.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import type { RouteSession } from '../helpers/sessions.ts';

let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ sameDatabaseAs: a });
});
afterAll(async () => {
  // b first: a drops the database they share.
  await b?.close();
  await a?.close();
});

/** Alternates between the two servers, as a round-robin load balancer does. */
const either = (i: number) => (i % 2 === 0 ? a : b);
const WRONG_GUESSES = 99;

async function wrongCounts(s: RouteSession): Promise<number[]> {
  const rows = await a.server.ctx.db
    .selectFrom('stops')
    .select(['id', 'delivery_code_wrong'])
    .where('route_id', '=', s.routeId)
    .where('type', '=', 'delivery')
    .orderBy('position')
    .execute();
  return rows.map((r) => r.delivery_code_wrong);
}

describe('a delivery code guessed in a burst on two processes', () => {
  it('takes the right code through the try endpoint on no stop once five wrong guesses hold the places', async () => {
    const stops = 20;
    const s = await routeWithCodes(a, stops);
    const summaries = [];
    for (let index = 1; index <= stops; index++)
      summaries.push(burstSummary(await tryEndpointBurst(either, s, index, WRONG_GUESSES)));
    expect(summaries).toEqual(Array.from({ length: stops }, () => HELD_BURST));
    expect(await wrongCounts(s)).toEqual(Array.from({ length: stops }, () => DELIVERY_CODE_MAX_WRONG));
  }, 120_000);

  it('takes no completion carrying the right code once five wrong ones were judged', async () => {
    const stops = 10;
    const s = await routeWithCodes(a, stops);
    const summaries = [];
    for (let index = 1; index <= stops; index++)
      summaries.push(burstSummary(await completionBurst(either, s, index, WRONG_GUESSES)));
    expect(summaries).toEqual(Array.from({ length: stops }, () => HELD_BURST));
    expect(await wrongCounts(s)).toEqual(Array.from({ length: stops }, () => DELIVERY_CODE_MAX_WRONG));
  }, 120_000);
});
