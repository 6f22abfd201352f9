import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { IDEMPOTENCY_HEADER } from '../../src-shared/protocol/http.ts';
import { jpegUrl, PHOTO_PNG, pngUrl } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeLink, type RouteSession, startedSession } from '../helpers/sessions.ts';

let t: TestServer;

/**
 * With SQLite each request's database work runs to its end before the next request is read, so two requests
 * never meet between the key lookup and the write. This opens that window on purpose: the next `blind`
 * lookups find nothing, as when the winner has not committed yet (what PostgreSQL does under load).
 */
const lookups = vi.hoisted(() => ({ blind: 0 }));
vi.mock('../../src-server/repo/completions.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src-server/repo/completions.ts')>();
  return {
    ...real,
    findStoredAnswer: (...args: Parameters<typeof real.findStoredAnswer>) =>
      lookups.blind-- > 0 ? Promise.resolve(undefined) : real.findStoredAnswer(...args),
  };
});

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const started = (): Promise<RouteSession> => startedSession(t, { date: localDate(new Date()) });

const delivered = () => ({
  status: 'finished',
  lat: '52.0800000',
  lng: '5.1000000',
  completion_note: 'At the door',
  signature: pngUrl(),
  signature_name: 'Anna',
  images: { '0': jpegUrl(), '1': pngUrl(PHOTO_PNG) },
  finish_time: '36000',
});

/** An answer's JSON without the routes' fetched_at, which is each answer's own now. */
function comparable(text: string): string {
  const answer: unknown = JSON.parse(text);
  return JSON.stringify(Array.isArray(answer) ? answer.map(({ fetched_at: _, ...route }) => route) : answer);
}

/** Raw fetch, so the answers' bytes can be compared. */
async function send(s: RouteSession, stop: number, body: unknown, key?: string, token = s.token) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (key !== undefined) headers[IDEMPOTENCY_HEADER] = key;
  const res = await fetch(`${t.url}${s.path}/services/${s.stopIds[stop]}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const text = comparable(await res.text());
  return { status: res.status, text, replayed: res.headers.get('idempotent-replayed') === 'true' };
}

async function stored(s: RouteSession, stop: number) {
  const { db } = t.server.ctx;
  const stopId = s.stopIds[stop]!;
  const completions = await db.selectFrom('completions').selectAll().where('stop_id', '=', stopId).execute();
  const images = await db.selectFrom('images').select(['id', 'kind']).where('stop_id', '=', stopId).execute();
  return { completions, images };
}

describe('Idempotency-Key', () => {
  it('stores a completion sent 20 times in a row once, and answers every retry the same', async () => {
    const s = await started();
    const key = randomUUID();
    const answers: Awaited<ReturnType<typeof send>>[] = [];
    for (let i = 0; i < 20; i++) answers.push(await send(s, 1, delivered(), key));
    expect(answers.every((a) => a.status === 200 && a.text === answers[0]!.text)).toBe(true);
    expect(answers.map((a) => a.replayed)).toEqual([false, ...Array(19).fill(true)]);
    const { completions, images } = await stored(s, 1);
    expect(completions).toHaveLength(1);
    expect(completions[0]).toMatchObject({ idempotency_key: key });
    expect(JSON.parse(completions[0]!.result)).toEqual(JSON.parse(answers[0]!.text)[0].stops[1]);
    expect(images.map((i) => i.kind).sort()).toEqual(['photo', 'photo', 'signature']);
  });

  it('stores a completion sent 50 times at once exactly once, and all 50 get the same answer', async () => {
    const s = await started();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(s, 1, delivered(), key)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    const { completions, images } = await stored(s, 1);
    expect(completions).toHaveLength(1);
    expect(images).toHaveLength(3);
    const stopImages = JSON.parse(answers[0]!.text)[0].stops[1].images as string[];
    expect(stopImages.map((u) => Number(u.split('/').at(-1))).sort()).toEqual(
      images.filter((i) => i.kind === 'photo').map((i) => i.id),
    );
  });

  it('replays the winner’s answer when a duplicate loses the race at the unique index', async () => {
    const s = await started();
    const key = randomUUID();
    const first = await send(s, 1, delivered(), key);
    const before = await stored(s, 1);
    lookups.blind = 1;
    const late = await send(s, 1, delivered(), key);
    expect(late).toEqual({ ...first, replayed: true });
    lookups.blind = 1;
    const changed = await send(s, 1, { ...delivered(), completion_note: 'Another note' }, key);
    expect(changed.status).toBe(422);
    // The losers' images and stop changes were rolled back with their transaction.
    expect(await stored(s, 1)).toEqual(before);
  });

  it('replays whatever order the body’s fields come in', async () => {
    const s = await started();
    const key = randomUUID();
    const body = delivered();
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const first = await send(s, 1, body, key);
    const second = await send(s, 1, reordered, key);
    expect(second).toEqual({ ...first, replayed: true });
  });

  it('answers 422 for the same key with another body or another stop, and writes nothing', async () => {
    const s = await started();
    const key = randomUUID();
    await send(s, 1, delivered(), key);
    const before = await stored(s, 1);
    const other = await send(s, 1, { ...delivered(), completion_note: 'Changed my mind' }, key);
    expect(other.status).toBe(422);
    expect(JSON.parse(other.text)).toEqual({
      message: 'Idempotency-Key was already used for a different request',
      field: 'Idempotency-Key',
    });
    const elsewhere = await send(s, 2, delivered(), key);
    expect(elsewhere.status).toBe(422);
    expect(await stored(s, 1)).toEqual(before);
    expect((await stored(s, 2)).completions).toHaveLength(0);
  });

  it('keeps keys per sender: the route’s link may use the same key as the driver', async () => {
    const s = await started();
    const key = randomUUID();
    expect((await send(s, 1, { status: 'finished' }, key)).replayed).toBe(false);
    const link = await makeLink(t, s.routeId);
    const byLink = await send(s, 1, { status: 'finished' }, key, link);
    expect(byLink).toMatchObject({ status: 200, replayed: false });
    expect((await stored(s, 1)).completions).toHaveLength(2);
  });

  it('does not spend a key on a refused request', async () => {
    const s = await started();
    const key = randomUUID();
    const refused = await send(s, 1, { status: 'finished', images: { '0': 'data:image/jpeg;base64,AAAA' } }, key);
    expect(refused.status).toBe(422);
    const fixed = await send(s, 1, { status: 'finished', images: { '0': jpegUrl() } }, key);
    expect(fixed).toMatchObject({ status: 200, replayed: false });
  });

  it('stores every update sent without a key', async () => {
    const s = await started();
    await send(s, 1, { status: 'finished' });
    await send(s, 1, { status: 'finished' });
    expect((await stored(s, 1)).completions).toHaveLength(2);
  });

  it('refuses a key that is too long or not printable ASCII', async () => {
    const s = await started();
    for (const key of ['k'.repeat(201), 'tab\there', '\u00e9t\u00e9']) {
      const res = await send(s, 1, { status: 'finished' }, key);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(JSON.parse(res.text).field).toBe('Idempotency-Key');
    }
    expect((await send(s, 1, { status: 'finished' }, 'k'.repeat(200))).status).toBe(200);
    expect((await stored(s, 1)).completions).toHaveLength(1);
  });
});
