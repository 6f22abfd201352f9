import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src-server/seed/demo.ts';
import { DEMO_PASSWORD, type DemoSummary } from '../../src-server/seed/summary.ts';
import { generateStops } from '../../src-server/seed/utrecht.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import {
  PLAN_FLAGS,
  type Plan,
  type ProjectEntry,
  type Requirements,
  type TimeWindow,
  type Unit,
} from '../../src-shared/protocol/entities.ts';
import { signIn } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
let summary: DemoSummary | null;

beforeAll(async () => {
  t = await startTestServer();
  summary = await seedDemo(t.server.ctx);
});
afterAll(() => t.close());

const day = (offset: number) => {
  const now = new Date();
  return localDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset));
};

async function routesOf(email: string) {
  return t.server.ctx.db
    .selectFrom('routes')
    .innerJoin('projects', 'projects.id', 'routes.project_id')
    .innerJoin('drivers', 'drivers.id', 'routes.driver_id')
    .select(['routes.id', 'routes.status', 'routes.vehicle_name', 'routes.started_at', 'routes.finished_at'])
    .select('projects.date')
    .where('drivers.email', '=', email)
    .orderBy('routes.id')
    .execute();
}

const stopsOf = (routeId: number) =>
  t.server.ctx.db.selectFrom('stops').selectAll().where('route_id', '=', routeId).orderBy('position').execute();

describe('seedDemo', () => {
  it('writes the four organisations with their customer ids, plans and config', async () => {
    const orgs = await t.server.ctx.db.selectFrom('organisations').selectAll().orderBy('id').execute();
    expect(orgs.map((o) => o.name)).toEqual(['Demo Logistics', 'Clean Bins', 'Notes Only', 'Basic Couriers']);
    const [demo, clean, notes, basic] = orgs;
    expect(JSON.parse(demo!.config)).toEqual({ allowed_to_call_recipient: true, require_name_with_signature: true });
    const flags = (row: { plan: string }) =>
      Object.entries(JSON.parse(row.plan) as Plan).filter(([key]) => key.startsWith('ft_'));
    expect(flags(demo!).every(([, on]) => on === true)).toBe(true);
    expect(flags(basic!)).toHaveLength(PLAN_FLAGS.length);
    expect(flags(basic!).every(([, on]) => on === false)).toBe(true);
    expect(clean!.customer_id).toBe(t.config.cleaningCustomerId);
    expect(notes!.customer_id).toBe(t.config.internalNotesCustomerId);
  });

  it('makes one driver per organisation, all with the demo password', async () => {
    const drivers = await t.server.ctx.db.selectFrom('drivers').select(['email', 'first_name']).orderBy('id').execute();
    expect(drivers.map((d) => d.email)).toEqual([
      'driver@example.com',
      'cleaning@example.com',
      'notes@example.com',
      'basic@example.com',
    ]);
    expect(summary?.signIns.map((s) => [s.email, s.password])).toEqual(drivers.map((d) => [d.email, DEMO_PASSWORD]));
  });

  it("dates the demo driver's routes relative to today", async () => {
    const routes = await routesOf('driver@example.com');
    expect(routes.map((r) => [r.date, r.status])).toEqual([
      [day(0), 'optimized'],
      [day(0), 'optimized'],
      [day(-1), 'finished'],
      [day(-20), 'finished'],
      [day(-3), 'optimized'],
      [day(1), 'optimized'],
    ]);
    for (const email of ['cleaning@example.com', 'notes@example.com', 'basic@example.com'])
      expect((await routesOf(email)).map((r) => r.date)).toEqual([day(0)]);
  });

  it("gives today's routes about 12 and 40 stops with a break, a pickup, windows, units and requirements", async () => {
    const today = (await routesOf('driver@example.com')).filter((r) => r.date === day(0));
    const routes = await Promise.all(today.map((r) => stopsOf(r.id)));
    expect(routes.map((stops) => stops.length)).toEqual([12, 40]);
    for (const stops of routes) {
      expect(stops[0]!.type).toBe('start');
      expect(stops.at(-1)!.type).toBe('end');
      expect(stops.filter((s) => s.type === 'pickup')).toHaveLength(1);
      const breaks = stops.filter((s) => s.type === 'break');
      expect(breaks).toHaveLength(1);
      expect(breaks[0]!.service_time).toBe(1800);
      // Planned times increase along the route.
      const arrivals = stops.map((s) => s.arr_time!);
      expect(arrivals).toEqual([...arrivals].sort((a, b) => a - b));
      for (const s of stops) {
        expect(Math.abs(s.lat - 52.09)).toBeLessThan(0.05);
        expect(Math.abs(s.lng - 5.12)).toBeLessThan(0.06);
      }
    }
    const all = routes.flat();
    const deliveries = all.filter((s) => s.type === 'delivery');
    const windows = deliveries.map((s) => JSON.parse(s.time_windows) as TimeWindow[]);
    expect(windows.some((w) => w.length === 1 && w[0]!.earliest === 0 && w[0]!.latest === 86_340)).toBe(true);
    expect(windows.some((w) => w.length === 1 && w[0]!.earliest > 0)).toBe(true);
    expect(windows.some((w) => w.length === 0)).toBe(true);

    const units = all.flatMap((s) => JSON.parse(s.units) as Unit[]);
    expect(units.some((u) => u.name.includes('+'))).toBe(true);
    expect(units.some((u) => u.quantity > 1)).toBe(true);
    expect(units.some((u) => u.note !== null)).toBe(true);

    const requirements = deliveries.map((s) => JSON.parse(s.requirements) as Requirements);
    for (const key of ['picture', 'signature', 'signature_name', 'age_verification'] as const)
      expect(
        requirements.some((r) => r[key]),
        key,
      ).toBe(true);
    expect(requirements.some((r) => !r.picture && !r.signature && !r.age_verification)).toBe(true);

    const withPhone = deliveries.filter((s) => s.recipient_phone);
    expect(withPhone.length / deliveries.length).toBeGreaterThan(0.7);
    expect(deliveries.every((s) => s.street && s.city === 'Utrecht')).toBe(true);
  });

  it('finishes every stop of the finished routes, with completion times on that day', async () => {
    const finished = (await routesOf('driver@example.com')).filter((r) => r.status === 'finished');
    expect(finished).toHaveLength(2);
    for (const route of finished) {
      expect(route.started_at).not.toBeNull();
      expect(route.finished_at! > route.started_at!).toBe(true);
      for (const stop of await stopsOf(route.id)) {
        expect(stop.status).toBe('finished');
        expect(stop.finish_time).toBe(stop.end_time);
        expect(localDate(new Date(stop.completed_at!))).toBe(route.date);
        expect(stop.received_at! >= stop.completed_at!).toBe(true);
      }
    }
  });

  it('makes a shared link whose token verifies and opens a route of today', async () => {
    const link = summary!.sharedLink!;
    const claims = await t.server.ctx.tokens.verifyLink(link.token);
    expect(claims).toMatchObject({ linkId: link.linkId, routeId: link.routeId, projectId: link.projectId });
    const row = await t.server.ctx.db.selectFrom('links').selectAll().where('id', '=', link.linkId).executeTakeFirst();
    expect(row?.route_id).toBe(link.routeId);
    expect(link.linkId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const url = new URL(link.url);
    expect(`${url.origin}`).toBe(t.config.publicUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: String(link.projectId),
      routeId: String(link.routeId),
      token: link.token,
    });
    const today = (await routesOf('driver@example.com')).filter((r) => r.date === day(0)).map((r) => r.id);
    expect(today).toContain(link.routeId);
  });

  it('signs in over HTTP with driver@example.com and the demo password, and lists the routes', async () => {
    const pair = await signIn(t, 'driver@example.com', DEMO_PASSWORD);
    const claims = JSON.parse(Buffer.from(pair.accessToken.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ first_name: 'Sam', last_name: 'de Vries', organisationName: 'Demo Logistics' });
    const list = await t.request<ProjectEntry[]>('GET', '/v1/projects/routes', { token: pair.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.flatMap((p) => p.routes).map((r) => r.stop_count)).toContain(38);
  });

  it('does nothing on a second call', async () => {
    const count = async () =>
      Number(
        (
          await t.server.ctx.db
            .selectFrom('stops')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(await seedDemo(t.server.ctx)).toBeNull();
    expect(await count()).toBe(before);
    expect(await t.server.ctx.db.selectFrom('organisations').select('id').execute()).toHaveLength(4);
  });

  it('generates the same stops for the same seed', () => {
    const spec = { seed: 7, deliveries: 20, startSeconds: 8 * 3600, profile: 'car', flavour: 'parcels' } as const;
    expect(generateStops({ ...spec, pickupAt: 2, breakAt: 9 })).toEqual(
      generateStops({ ...spec, pickupAt: 2, breakAt: 9 }),
    );
    expect(generateStops(spec)).not.toEqual(generateStops({ ...spec, seed: 8 }));
  });
});

describe('generated stops', () => {
  it('give a 300-stop route (the bench’s, past midnight) only windows that end after they start', () => {
    const stops = generateStops({
      seed: 300,
      deliveries: 300,
      startSeconds: 8 * 3600,
      profile: 'car',
      flavour: 'parcels',
    });
    const windows = stops.flatMap((s) => s.time_windows ?? []);
    expect(windows.length).toBeGreaterThan(0);
    for (const w of windows) expect(w.latest).toBeGreaterThanOrEqual(w.earliest);
  });
});
