/**
 * Duplicates: one completion sent 50 times in a row and 50 times at once under one Idempotency-Key is stored once,
 * and every answer is the first one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { IDEMPOTENCY_HEADER } from '../../src-shared/protocol/http.ts';
import { jpegUrl, pngUrl } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type RouteSession, startedSession } from '../helpers/sessions.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const body = { status: 'finished', signature: pngUrl(), signature_name: 'Anna', images: { '0': jpegUrl() } };

/** The answer without fetched_at (each answer's own now). */
async function send(s: RouteSession, key: string): Promise<{ status: number; answer: string }> {
  const res = await fetch(`${t.url}${s.path}/services/${s.stopIds[1]}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key },
    body: JSON.stringify(body),
  });
  const routes = (await res.json()) as { fetched_at?: string }[];
  return { status: res.status, answer: JSON.stringify(routes.map(({ fetched_at: _, ...route }) => route)) };
}

const rows = async (s: RouteSession) =>
  (await t.server.ctx.db.selectFrom('completions').select('id').where('route_id', '=', s.routeId).execute()).length;

it('stores one completion sent 50 times in a row and 50 times at once, with one answer', async () => {
  const s = await startedSession(t, { date: localDate(new Date()) });
  const key = randomUUID();
  const answers = [];
  for (let i = 0; i < 50; i++) answers.push(await send(s, key));
  answers.push(...(await Promise.all(Array.from({ length: 50 }, () => send(s, key)))));
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(new Set(answers.map((a) => a.answer)).size).toBe(1);
  const stored = await rows(s);
  expect(stored).toBe(1);
  const images = await t.server.ctx.db.selectFrom('images').select('id').where('stop_id', '=', s.stopIds[1]!).execute();
  expect(images).toHaveLength(2);

  // 50 at once on a fresh key, none sent before: still one.
  const fresh = randomUUID();
  const racing = await Promise.all(
    Array.from({ length: 50 }, () => send({ ...s, stopIds: [0, s.stopIds[2]!] }, fresh)),
  );
  expect(racing.every((a) => a.status === 200)).toBe(true);
  expect(new Set(racing.map((a) => a.answer)).size).toBe(1);
  expect(await rows(s)).toBe(2);
  console.log(
    `reliability: duplicates 50 sequential + 50 concurrent -> ${stored} row, ${new Set(answers.map((a) => a.answer)).size} answer; 50 concurrent on a new key -> 1 row`,
  );
});
