/**
 * Proofs are append-only (issue 30): no completion path deletes an image. An edit while the route is in progress is
 * a new record that supersedes the old one, which keeps its images; a late update after the finish is kept beside
 * the stop's current record; and the dispatcher's route detail lists every record with its proofs, newest first,
 * marking the current one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { CompletionRecord, DispatchRouteDetail } from '../../src-shared/protocol/dispatch.ts';
import { jpegUrl, PHOTO_PNG, pngUrl } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeLink, type RouteSession, routeSession, stopInAnswer as stopOf, updateStop } from '../helpers/sessions.ts';

const MINUTE = 60_000;
let t: TestServer;
const start = new Date();
start.setHours(9, 0, 0, 0);
let clock = start.getTime();
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  // An access token that outlives the route: the tests move the server's clock on.
  t = await startTestServer({ now: () => clock, env: { ACCESS_TOKEN_TTL: String(24 * 3600) } });
});
afterAll(() => t.close());

async function imageRows() {
  return t.server.ctx.db.selectFrom('images').select(['id', 'stop_id', 'kind', 'bytes']).orderBy('id').execute();
}

/** Every stored image answers, byte count and all, to the route's driver, its link and the dispatcher. */
async function expectEveryImageAnswers(s: RouteSession, link: string) {
  for (const row of await imageRows()) {
    for (const token of [s.token, link, t.config.dispatchToken]) {
      const res = await fetch(`${t.url}/v1/images/${row.id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, `image ${row.id}`).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(row.bytes);
    }
  }
}

const detail = async (s: RouteSession) =>
  (await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${s.routeId}`)).body;

/** A record as the detail shows it: what it says, its proof, and where it stands. */
const summary = (c: CompletionRecord) => ({
  status: c.status,
  images: c.image_urls,
  signature: c.signature_url,
  current: c.current,
  role: c.role,
});

describe('proofs of a stop', () => {
  let s: RouteSession;
  let link: string;
  beforeAll(async () => {
    s = await routeSession(t, { date: localDate(start) });
    link = await makeLink(t, s.routeId);
    const res = await t.request('POST', s.path, { token: s.token, body: { status: 'in_progress' } });
    expect(res.status).toBe(200);
  });

  it('are never deleted: an edit keeping one photo, an edit to skipped and a late update leave every image', async () => {
    clock += 10 * MINUTE;
    const delivered = stopOf(
      await updateStop(t, s, 1, {
        status: 'finished',
        signature: pngUrl(),
        signature_name: 'Anna',
        images: { '0': jpegUrl(), '1': pngUrl(PHOTO_PNG) },
        completed_at: iso(clock),
      }),
      s,
      1,
    );
    const afterDelivery = await imageRows();
    expect(afterDelivery.map((r) => r.kind)).toEqual(['signature', 'photo', 'photo']);

    clock += MINUTE;
    const edited = await updateStop(t, s, 1, {
      status: 'finished',
      images: { '0': delivered.images[1]! },
      completed_at: iso(clock),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(stopOf(edited, s, 1)).toMatchObject({ images: [delivered.images[1]], signature: null });
    clock += MINUTE;
    const skipped = await updateStop(t, s, 1, { status: 'skipped', completed_at: iso(clock) });
    expect(stopOf(skipped, s, 1)).toMatchObject({ status: 'skipped', images: [], signature: null });
    const madeBeforeFinish = iso(clock);
    for (const i of [2, 3]) expect((await updateStop(t, s, i, { status: 'skipped' })).status).toBe(200);
    clock += MINUTE;
    expect((await t.request('POST', s.path, { token: s.token, body: { status: 'finished' } })).status).toBe(200);
    clock += 30 * MINUTE;
    // Made on the phone before the finish, received after it: kept beside the stop's current (skipped) record.
    const late = await updateStop(t, s, 1, {
      status: 'finished',
      images: { '0': jpegUrl() },
      completed_at: madeBeforeFinish,
    });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(stopOf(late, s, 1)).toMatchObject({ status: 'skipped', images: [] });

    const after = await imageRows();
    expect(after.slice(0, afterDelivery.length)).toEqual(afterDelivery);
    expect(after).toHaveLength(afterDelivery.length + 1);
    await expectEveryImageAnswers(s, link);
  });

  it('are listed by the dispatcher record by record, newest first, with the current one marked', async () => {
    const records = (await detail(s)).completions.filter((c) => c.stop_id === s.stopIds[1]);
    const images = (await imageRows()).filter((r) => r.stop_id === s.stopIds[1]).map((r) => `/v1/images/${r.id}`);
    const [signature, photo0, photo1, latePhoto] = images;
    expect(records.map(summary)).toEqual([
      { status: 'finished', images: [latePhoto], signature: null, current: false, role: 'late' },
      { status: 'skipped', images: [], signature: null, current: true, role: 'current' },
      { status: 'finished', images: [photo1], signature: null, current: false, role: 'superseded' },
      { status: 'finished', images: [photo0, photo1], signature, current: false, role: 'superseded' },
    ]);
    expect(records[3]!.body).toMatchObject({ signature_name: 'Anna' });
    const ids = records.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // Every stop with records has exactly one current record.
    const all = (await detail(s)).completions;
    for (const stopId of new Set(all.map((c) => c.stop_id)))
      expect(all.filter((c) => c.stop_id === stopId && c.current)).toHaveLength(1);
  });
});
