/**
 * Days and times of day in the organisation's time zone, with the server process on UTC (as servers usually are):
 * the ETAs planned on Start, the start and end stops' finish times, a stop update's finish_time and age check, the
 * allowed start date, and the demo seed's "today". Each clock below is a fixed instant where UTC, Amsterdam and
 * New York disagree, so planning with the process's zone cannot pass by chance.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src-server/config.ts';
import { openDatabase } from '../../src-server/db/database.ts';
import * as initial from '../../src-server/db/migrations/001-initial.ts';
import { seedDemo } from '../../src-server/seed/demo.ts';
import { etasFromNow } from '../../src-shared/domain/route-plan.ts';
import { wallClock } from '../../src-shared/domain/time-zone.ts';
import type { Organisation, Route, TimeWindow, VehicleProfile } from '../../src-shared/protocol/entities.ts';
import { makeDriver, makeOrganisation, signIn } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type RouteSession, routeSession, stopInAnswer, updateStop } from '../helpers/sessions.ts';

const AMS = 'Europe/Amsterdam';
const NYC = 'America/New_York';
const h = (hours: number, minutes = 0) => hours * 3600 + minutes * 60;

// The server process runs on UTC: set before any server is built or any date is read (restored after the file).
const processTz = process.env.TZ;
process.env.TZ = 'UTC';

let t: TestServer;
let clock = Date.parse('2026-11-23T07:00:00Z');

beforeAll(async () => {
  // No TIME_ZONE: the organisations without a zone of their own plan in the default, which TZ=UTC makes UTC.
  // Tokens outlive the hours the clock is moved by within a test.
  t = await startTestServer({ now: () => clock, env: { TZ: 'UTC', TIME_ZONE: '', ACCESS_TOKEN_TTL: '86400' } });
});
afterAll(async () => {
  await t.close();
  if (processTz === undefined) delete process.env.TZ;
  else process.env.TZ = processTz;
});

async function session(timeZone: string | null, date: string): Promise<RouteSession> {
  const orgId = await makeOrganisation(t, { time_zone: timeZone });
  return routeSession(t, { date }, await makeDriver(t, orgId));
}

async function start(s: RouteSession) {
  return t.request<Route[]>('POST', s.path, { token: s.token, body: { status: 'in_progress' } });
}

/** The ETAs the route's stops should get when started at `now` seconds since midnight (the server's own rule). */
function expectedEtas(route: Route, nowSeconds: number) {
  return etasFromNow(
    route.stops.map((s) => ({
      lat: s.address.lat,
      lng: s.address.lng,
      service_time: s.service_time,
      time_windows: s.time_windows as TimeWindow[],
      done: s.type === 'start',
    })),
    nowSeconds,
    route.vehicle_profile as VehicleProfile,
    null,
  );
}

describe('the process', () => {
  it('runs on UTC in this file', () => {
    expect(new Date(clock).getHours()).toBe(7);
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('UTC');
  });
});

describe('TIME_ZONE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'droplane-tz-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const zoneOf = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x', DISPATCH_TOKEN: 'y', ...env }).timeZone;

  it('defaults to the process TZ when set, else to Europe/Amsterdam', () => {
    expect(zoneOf({})).toBe(AMS);
    expect(zoneOf({ TZ: 'UTC' })).toBe('UTC');
    expect(zoneOf({ TZ: ':America/New_York' })).toBe(NYC);
    // A TZ that is no zone name (a POSIX rule) does not count.
    expect(zoneOf({ TZ: 'CET-1CEST' })).toBe(AMS);
    expect(zoneOf({ TZ: 'UTC', TIME_ZONE: 'america/new_york' })).toBe(NYC);
  });

  it('refuses a name Intl does not know, naming the variable', () => {
    expect(() => zoneOf({ TIME_ZONE: 'Europe/Utrecht' })).toThrow(/TIME_ZONE must be an IANA time zone name/);
    expect(() => zoneOf({ TIME_ZONE: '+01:00' })).toThrow(/TIME_ZONE/);
  });
});

describe('starting a route', () => {
  it.each([
    // zone, instant of the start, the clock there
    [AMS, '2026-11-23T07:00:00Z', h(8)],
    [AMS, '2026-07-01T06:00:00Z', h(8)],
    [NYC, '2026-11-23T13:00:00Z', h(8)],
    [NYC, '2026-07-01T12:30:00Z', h(8, 30)],
  ])('in %s at %s plans the ETAs from %i s on its clocks', async (zone, iso, seconds) => {
    clock = Date.parse(iso);
    const s = await session(zone, iso.slice(0, 10));
    const res = await start(s);
    expect(res.status).toBe(200);
    const route = res.body[0]!;
    expect(route.stops[0]).toMatchObject({ type: 'start', status: 'finished', finish_time: seconds });
    const etas = expectedEtas(route, seconds);
    for (const [i, stop] of route.stops.entries()) {
      if (i === 0) continue;
      expect({ arr_time: stop.arr_time, end_time: stop.end_time }, `stop ${i}`).toEqual(etas[i]);
    }
    expect(route.stops[1]!.arr_time).toBeGreaterThan(seconds);
    expect(route.stops[1]!.arr_time).toBeLessThan(seconds + h(1));
  });

  it('without a zone of its own plans in the server’s TIME_ZONE (here UTC, from TZ)', async () => {
    clock = Date.parse('2026-11-23T07:00:00Z');
    const s = await session(null, '2026-11-23');
    const route = (await start(s)).body[0]!;
    expect(route.stops[0]!.finish_time).toBe(h(7));
  });

  it('finishes the end stop at the organisation’s time', async () => {
    clock = Date.parse('2026-11-23T07:00:00Z');
    const s = await session(NYC, '2026-11-23');
    await start(s);
    for (const i of [1, 2, 3]) expect((await updateStop(t, s, i, { status: 'skipped' })).status).toBe(200);
    clock = Date.parse('2026-11-23T16:45:00Z');
    const res = await t.request<Route[]>('POST', s.path, { token: s.token, body: { status: 'finished' } });
    expect(res.status).toBe(200);
    expect(res.body[0]!.stops.at(-1)).toMatchObject({ type: 'end', status: 'finished', finish_time: h(11, 45) });
  });

  it.each([
    // Amsterdam is already on the 24th at 23:30 UTC: its route for the 24th may start.
    [AMS, '2026-11-23T23:30:00Z', '2026-11-24', 200],
    [AMS, '2026-11-23T22:30:00Z', '2026-11-24', 400],
    // New York is still on the 23rd at 03:00 UTC on the 24th: its route for the 24th may not.
    [NYC, '2026-11-24T03:00:00Z', '2026-11-24', 400],
    [NYC, '2026-11-24T03:00:00Z', '2026-11-23', 200],
  ])('in %s at %s, a route dated %s answers %i', async (zone, iso, date, status) => {
    clock = Date.parse(iso);
    const res = await start(await session(zone, date));
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body).toEqual({ message: `This route can be started from ${date}` });
  });
});

describe('a stop update', () => {
  async function started(zone: string, iso: string) {
    clock = Date.parse(iso);
    const s = await session(zone, iso.slice(0, 10));
    expect((await start(s)).status).toBe(200);
    return s;
  }

  it('takes finish_time from completed_at on the organisation’s clocks, not the device’s', async () => {
    const s = await started(AMS, '2026-07-01T06:00:00Z');
    // The phone is in New York: its finish_time says 02:15, the instant is 08:15 in Amsterdam (received at 08:20).
    clock = Date.parse('2026-07-01T06:20:00Z');
    const res = await updateStop(t, s, 1, {
      status: 'finished',
      finish_time: String(h(2, 15)),
      completed_at: '2026-07-01T06:15:00.000Z',
    });
    expect(res.status).toBe(200);
    expect(stopInAnswer(res, s, 1)).toMatchObject({ finish_time: h(8, 15), completed_at: '2026-07-01T06:15:00.000Z' });
  });

  it('keeps a finish_time sent alone, and defaults to now on the organisation’s clocks', async () => {
    const s = await started(NYC, '2026-11-23T13:00:00Z');
    expect(stopInAnswer(await updateStop(t, s, 1, { status: 'finished', finish_time: '30000' }), s, 1)).toMatchObject({
      finish_time: 30_000,
    });
    clock = Date.parse('2026-11-23T13:20:00Z');
    expect(stopInAnswer(await updateStop(t, s, 2, { status: 'finished' }), s, 2)).toMatchObject({
      finish_time: h(8, 20),
      completed_at: '2026-11-23T13:20:00.000Z',
    });
  });

  it('still refuses a finish_time out of range when completed_at is sent too', async () => {
    const s = await started(AMS, '2026-11-23T07:00:00Z');
    const res = await updateStop(t, s, 1, {
      status: 'finished',
      finish_time: '86400',
      completed_at: '2026-11-23T07:10:00.000Z',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'finish_time' });
  });

  it('checks age on the organisation’s day of completion', async () => {
    // 23:30 UTC on the 23rd is the 24th in Amsterdam: born on 24 November 2008, the recipient is 18 there.
    const s = await started(AMS, '2026-11-23T23:30:00Z');
    const res = await updateStop(t, s, 1, {
      status: 'finished',
      recipient_date_of_birth: '2008-11-24',
      completed_at: '2026-11-23T23:30:00.000Z',
    });
    expect(res.status).toBe(200);
    expect(stopInAnswer(res, s, 1).age_verified).toBe(true);
  });
});

describe('the organisation’s time_zone', () => {
  it('is set, validated, reset and answered by the dispatcher API, and read by the driver', async () => {
    const created = await t.dispatch<Organisation>('POST', '/v1/dispatch/organisations', {
      name: 'Zoned',
      time_zone: 'europe/amsterdam',
    });
    expect(created.status).toBe(201);
    expect(created.body.time_zone).toBe(AMS);
    const id = created.body.id;
    const patch = (body: unknown) => t.dispatch<Organisation>('PATCH', `/v1/dispatch/organisations/${id}`, body);

    expect((await patch({ time_zone: NYC })).body.time_zone).toBe(NYC);
    for (const bad of ['Europe/Utrecht', '+02:00', '', 'x'.repeat(65)]) {
      const res = await patch({ time_zone: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body, bad).toMatchObject({ field: 'time_zone' });
    }
    expect((await patch({ name: 'Zoned BV' })).body.time_zone).toBe(NYC);
    // null: back to the server's TIME_ZONE (UTC here).
    expect((await patch({ time_zone: null })).body.time_zone).toBe('UTC');
    expect(
      (await t.dispatch('POST', '/v1/dispatch/organisations', { name: 'Bad', time_zone: 'Mars/Base' })).status,
    ).toBe(400);

    await patch({ time_zone: AMS });
    const driver = await makeDriver(t, id);
    const { accessToken } = await signIn(t, driver.email);
    const org = await t.request<Organisation>('GET', '/v1/organisations', { token: accessToken });
    expect(org.body.time_zone).toBe(AMS);
    const list = await t.dispatch<Organisation[]>('GET', '/v1/dispatch/organisations');
    expect(list.body.find((o) => o.id === id)?.time_zone).toBe(AMS);
  });
});

describe('the demo seed', () => {
  it('dates its routes and finished stops by today in TIME_ZONE', async () => {
    // 23:30 UTC on the 23rd: the 24th in Amsterdam.
    const now = Date.parse('2026-11-23T23:30:00Z');
    const seeded = await startTestServer({ now: () => now, env: { TZ: 'UTC', TIME_ZONE: AMS } });
    try {
      await seedDemo(seeded.server.ctx);
      const { db } = seeded.server.ctx;
      const dates = await db.selectFrom('projects').select('date').distinct().orderBy('date').execute();
      expect(dates.map((d) => d.date)).toEqual(['2026-11-04', '2026-11-21', '2026-11-23', '2026-11-24', '2026-11-25']);
      const yesterday = await db
        .selectFrom('stops')
        .innerJoin('routes', 'routes.id', 'stops.route_id')
        .innerJoin('projects', 'projects.id', 'routes.project_id')
        .select(['stops.finish_time', 'stops.completed_at'])
        .where('projects.date', '=', '2026-11-23')
        .execute();
      expect(yesterday.length).toBeGreaterThan(0);
      for (const stop of yesterday)
        expect(wallClock(Date.parse(stop.completed_at!), AMS)).toEqual({
          date: '2026-11-23',
          seconds: stop.finish_time,
        });
    } finally {
      await seeded.close();
    }
  });
});

describe('migration 002', () => {
  it('adds time_zone to an existing database, where organisations follow TIME_ZONE', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'droplane-migrate-'));
    try {
      const { default: SQLite } = await import('better-sqlite3');
      // biome-ignore lint/suspicious/noExplicitAny: a database at the first schema, before the typed one
      const old = new Kysely<any>({
        dialect: new SqliteDialect({ database: new SQLite(join(dir, 'droplane.sqlite')) }),
      });
      const migrator = new Migrator({
        db: old,
        provider: { getMigrations: async () => ({ '001-initial': { up: (d) => initial.up(d, 'sqlite') } }) },
      });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      await old
        .insertInto('organisations')
        .values({ name: 'Old', plan: '{}', config: '{}', subscription_status: 'active', created_at: 'x' })
        .execute();
      await old.destroy();

      const { db } = await openDatabase({ dataDir: dir, databaseUrl: null });
      const rows = await db.selectFrom('organisations').select(['name', 'time_zone']).execute();
      await db.destroy();
      expect(rows).toEqual([{ name: 'Old', time_zone: null }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
