/**
 * Issue 30, retention: positions and status events older than TRACKING_RETENTION_DAYS are deleted by a background
 * sweep (repo/retention.ts), in batches, by one process at a time on PostgreSQL; completions and images are never
 * touched, and 0 keeps everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneTracking } from '../../src-server/repo/retention.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import { jpegUrl } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type RouteSession, routeSession, startedSession, updateStop } from '../helpers/sessions.ts';

const DAY = 86_400_000;
let t: TestServer;
let s: RouteSession;
const now = Date.now();

beforeAll(async () => {
  t = await startTestServer({ now: () => now, env: { TRACKING_RETENTION_DAYS: '2' }, retentionSweepMs: 50 });
  s = await startedSession(t, { date: localDate(new Date(now)) });
});
afterAll(() => t.close());

/** `n` positions and `n` status events of the session's route, recorded `daysAgo` days before now. */
async function tracking(n: number, daysAgo: number) {
  const at = new Date(now - daysAgo * DAY).toISOString();
  const principal = `driver:${s.driver.driverId}`;
  const rows = Array.from({ length: n }, () => ({ route_id: s.routeId, principal }));
  const { db } = t.server.ctx;
  await db
    .insertInto('locations')
    .values(rows.map((r) => ({ ...r, lat: 52.1, lng: 5.1, error: null, source: 'http', recorded_at: at })))
    .execute();
  await db
    .insertInto('route_events')
    .values(rows.map((r) => ({ ...r, type: 'service_change', body: '{}', source: 'http', received_at: at })))
    .execute();
}

async function counts() {
  const { db } = t.server.ctx;
  const count = async (table: 'locations' | 'route_events' | 'completions' | 'images') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    locations: await count('locations'),
    route_events: await count('route_events'),
    completions: await count('completions'),
    images: await count('images'),
  };
}

/** Polls until the counts are `expected` (the sweep runs on its own timer). */
async function countsBecome(expected: Awaited<ReturnType<typeof counts>>) {
  const deadline = Date.now() + 5_000;
  while (JSON.stringify(await counts()) !== JSON.stringify(expected)) {
    if (Date.now() > deadline) expect(await counts()).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('tracking retention', () => {
  it('the background sweep deletes what is older than the setting, and keeps the rest and every proof', async () => {
    const photo = await updateStop(t, s, 1, { status: 'finished', images: { 0: jpegUrl() } });
    expect(photo.status).toBe(200);
    const before = await counts();
    expect([before.completions, before.images]).toEqual([1, 1]);
    await tracking(3, 2.5);
    await tracking(2, 1.5);
    await countsBecome({ ...before, locations: before.locations + 2, route_events: before.route_events + 2 });
  });

  it('deletes in batches until nothing old is left; two sweeps at once (two processes) delete each row once', async () => {
    const env = { TRACKING_RETENTION_DAYS: '2' };
    const other = await startTestServer({ env });
    // On PostgreSQL a second server process on the same database sweeps at the same time.
    const second = other.databaseUrl ? await startTestServer({ env, sameDatabaseAs: other }) : null;
    const { t: main, s: session } = { t, s };
    try {
      t = other;
      s = await routeSession(t, { date: localDate(new Date(now)) });
      await tracking(2_500, 10);
      await tracking(5, 1);
      const passes = await Promise.all([pruneTracking(t.server.ctx), pruneTracking((second ?? t).server.ctx)]);
      const deleted = passes.reduce((sum, p) => sum + p.locations + p.route_events, 0);
      expect(deleted).toBe(5_000);
      expect(await pruneTracking(t.server.ctx)).toEqual({ locations: 0, route_events: 0 });
      expect(await counts()).toMatchObject({ locations: 5, route_events: 5 });
    } finally {
      await second?.close();
      await other.close();
      t = main;
      s = session;
    }
  });

  it('keeps everything with TRACKING_RETENTION_DAYS=0', async () => {
    const keep = await startTestServer({ env: { TRACKING_RETENTION_DAYS: '0' }, retentionSweepMs: 10 });
    try {
      expect(keep.config.trackingRetentionDays).toBe(0);
      const later = { ...keep.server.ctx, now: () => Date.now() + 10_000 * DAY };
      expect(await pruneTracking(later)).toEqual({ locations: 0, route_events: 0 });
    } finally {
      await keep.close();
    }
  });
});
