/**
 * A recipient's delivery code guessed in a burst on one server process (issue 44), on SQLite and, in the PostgreSQL
 * run, on PostgreSQL: 100 guesses for a stop sent at once, the right code last, through the try endpoint and through
 * completions each with a fresh Idempotency-Key. A try is counted before it is judged (repo/delivery-codes.ts), so the
 * five wrong guesses that come first take the stop's five places and the right one is never judged. The same burst
 * across two processes on one PostgreSQL database is tests/postgres/code-bursts.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src-server/db/database.ts';
import { assertDeliveryCode, tryDeliveryCode } from '../../src-server/repo/delivery-codes.ts';
import { DELIVERY_CODE_MAX_WRONG } from '../../src-shared/limits.ts';
import {
  burstSummary,
  completionBurst,
  HELD_BURST,
  heldTries,
  rightCode,
  routeWithCodes,
  tryEndpointBurst,
} from '../helpers/code-bursts.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import type { RouteSession } from '../helpers/sessions.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const WRONG_GUESSES = 99;
const only = () => t;

describe('a delivery code guessed in a burst', () => {
  it('is never taken through the try endpoint once five wrong guesses hold the places', async () => {
    const stops = 20;
    const s = await routeWithCodes(t, stops);
    const summaries = [];
    for (let index = 1; index <= stops; index++)
      summaries.push(burstSummary(await tryEndpointBurst(only, s, index, WRONG_GUESSES)));
    expect(summaries).toEqual(Array.from({ length: stops }, () => HELD_BURST));
    const counts = await t.server.ctx.db
      .selectFrom('stops')
      .select('delivery_code_wrong')
      .where('route_id', '=', s.routeId)
      .where('type', '=', 'delivery')
      .execute();
    expect(counts.map((c) => c.delivery_code_wrong)).toEqual(
      Array.from({ length: stops }, () => DELIVERY_CODE_MAX_WRONG),
    );
  }, 120_000);

  it('is never taken through completions with fresh Idempotency-Keys once five wrong ones were judged', async () => {
    const stops = 10;
    const s = await routeWithCodes(t, stops);
    const summaries = [];
    for (let index = 1; index <= stops; index++)
      summaries.push(burstSummary(await completionBurst(only, s, index, WRONG_GUESSES)));
    expect(summaries).toEqual(Array.from({ length: stops }, () => HELD_BURST));
  }, 120_000);
});

describe('a right code tried while five wrong ones of the stop are still being answered', () => {
  const gatesOn = (s: RouteSession) => ({
    route: { organisation_id: s.driver.organisationId },
    settings: { delivery_codes: 1 },
  });
  const WRONG = ['0001', '0002', '0003', '0004', '0005'];

  it('is not taken by the try endpoint’s check: the five took the places before anything was judged', async () => {
    const s = await routeWithCodes(t, 1);
    const stopId = s.stopIds[1]!;
    const verdicts = await heldTries(t, [
      ...WRONG.map((code) => (db: Db) => tryDeliveryCode(db, stopId, code)),
      (db: Db) => tryDeliveryCode(db, stopId, rightCode(1)),
    ]);
    expect(verdicts.at(-1)).toEqual({ kind: 'locked' });
    const left = verdicts.slice(0, -1).map((v) => (v.kind === 'wrong' ? v.triesLeft : v.kind));
    expect(left.sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('is not taken with a completion, and each wrong one stays counted', async () => {
    const s = await routeWithCodes(t, 1);
    const stopId = s.stopIds[1]!;
    const outcome = (db: Db, code: string) =>
      assertDeliveryCode(db, gatesOn(s), stopId, code).then(
        (right) => (right ? 'right' : 'none'),
        (refusal: Error) => refusal.message,
      );
    const answers = await heldTries(
      t,
      [...WRONG, rightCode(1)].map((code) => (db: Db) => outcome(db, code)),
    );
    expect(answers.at(-1)).toMatch(/Too many wrong delivery codes/);
    expect(answers.slice(0, -1).sort()).toEqual(
      [0, 1, 2, 3, 4].map((n) => expect.stringContaining(`not right: ${n} tr`)),
    );
    const stop = await t.server.ctx.db
      .selectFrom('stops')
      .select('delivery_code_wrong')
      .where('id', '=', stopId)
      .executeTakeFirstOrThrow();
    expect(stop.delivery_code_wrong).toBe(DELIVERY_CODE_MAX_WRONG);
  });
});
