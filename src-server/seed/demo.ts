/**
 * The demo data of reference-backend.md ("Demo data"), dated relative to today in the server's TIME_ZONE (the demo
 * organisations have no zone of their own). Written in one transaction, only into a database without
 * organisations, so a restart never duplicates it.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { addDays } from '../../src-shared/domain/dates.ts';
import { instantInZone, wallClock } from '../../src-shared/domain/time-zone.ts';
import type { CreateRouteRequest } from '../../src-shared/protocol/dispatch.ts';
import type { Plan, RouteStatus, VehicleProfile } from '../../src-shared/protocol/entities.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import { isoNow, type ServerContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { createDriver, createOrganisation, fullPlan } from '../repo/organisations.ts';
import { createRoute } from '../repo/route-creation.ts';
import { DEMO_ORGANISATION, DEMO_PASSWORD, type DemoSummary, demoSummary } from './summary.ts';
import { type DemoRouteSpec, generateStops, type StopFlavour } from './utrecht.ts';

const HOUR = 3600;

type Trx = Transaction<Database>;

interface Variant {
  name: string;
  customerId: string | null;
  plan?: Plan;
  flavour: StopFlavour;
  email: string;
}

/** The calendar day `offset` days from `today` in `timeZone`, and the instants of its times of day there. */
function dayFrom(today: string, offset: number, timeZone: string): { date: string; at: (seconds: number) => string } {
  const date = addDays(today, offset);
  return { date, at: (seconds) => instantInZone(date, seconds, timeZone).toISOString() };
}

interface DemoRoute {
  organisationId: number;
  driverId: number;
  projectId?: number;
  projectName: string;
  date: string;
  vehicleName: string;
  profile?: VehicleProfile;
  status?: RouteStatus;
  stops: Omit<DemoRouteSpec, 'profile'>;
}

async function addRoute(trx: Trx, nowIso: string, route: DemoRoute): Promise<{ routeId: number; projectId: number }> {
  const profile = route.profile ?? 'car';
  const input: CreateRouteRequest = {
    organisation_id: route.organisationId,
    driver_id: route.driverId,
    date: route.date,
    vehicle_name: route.vehicleName,
    vehicle_profile: profile,
    status: route.status ?? 'optimized',
    stops: generateStops({ ...route.stops, profile }),
  };
  if (route.projectId === undefined) input.project_name = route.projectName;
  else input.project_id = route.projectId;
  const routeId = await createRoute(trx, input, nowIso);
  const row = await trx.selectFrom('routes').select('project_id').where('id', '=', routeId).executeTakeFirstOrThrow();
  return { routeId, projectId: row.project_id };
}

/** A route driven on a past day: every stop finished at its planned end, as the driver's device reported it. */
async function finishRoute(trx: Trx, routeId: number, at: (seconds: number) => string): Promise<void> {
  const stops = await trx
    .selectFrom('stops')
    .select(['id', 'end_time'])
    .where('route_id', '=', routeId)
    .orderBy('position')
    .execute();
  for (const stop of stops) {
    const finish = stop.end_time ?? 0;
    await trx
      .updateTable('stops')
      .set({
        status: 'finished',
        finish_time: finish,
        completed_at: at(finish),
        // The server heard of it a few seconds later, as over a mobile connection.
        received_at: at(finish + 4),
        updated_at: at(finish + 4),
      })
      .where('id', '=', stop.id)
      .execute();
  }
  const first = stops[0]?.end_time ?? 8 * HOUR;
  const last = stops.at(-1)?.end_time ?? first;
  await trx
    .updateTable('routes')
    .set({ status: 'finished', started_at: at(first), finished_at: at(last), updated_at: at(last) })
    .where('id', '=', routeId)
    .execute();
}

/** What each part of the demo is written with: the transaction, the time it is written at, and its days. */
interface Seeding {
  trx: Trx;
  nowIso: string;
  /** The day `offset` days from today in the server's zone. */
  day: (offset: number) => { date: string; at: (seconds: number) => string };
  /** A driver of the organisation, signing in with the demo password. */
  driver: (organisationId: number, email: string, firstName: string, lastName: string) => Promise<number>;
}

/** The demo driver's and organisation's ids, which each of its routes is added with. */
type DemoDriver = Pick<DemoRoute, 'organisationId' | 'driverId'>;

async function writeDemo(trx: Trx, ctx: ServerContext, passwordHash: string): Promise<void> {
  const nowIso = isoNow(ctx);
  const timeZone = ctx.config.timeZone;
  const today = wallClock(ctx.now(), timeZone).date;
  const seeding: Seeding = {
    trx,
    nowIso,
    day: (offset) => dayFrom(today, offset, timeZone),
    driver: (organisationId, email, first_name, last_name) =>
      createDriver(
        trx,
        { email, password: DEMO_PASSWORD, first_name, last_name, organisation_id: organisationId },
        nowIso,
        passwordHash,
      ),
  };
  const demo = await writeDemoOrganisation(seeding);
  const bike = await addTodaysRoutes(seeding, demo);
  await addOtherDaysRoutes(seeding, demo);
  await writeVariantOrganisations(seeding, ctx.config);
  await addSharedLink(seeding, bike.routeId);
}

/** The organisation with every feature on, and its driver. */
async function writeDemoOrganisation({ trx, nowIso, driver }: Seeding): Promise<DemoDriver> {
  const demoOrg = await createOrganisation(
    trx,
    {
      name: DEMO_ORGANISATION,
      plan: fullPlan('Pro', true),
      config: { allowed_to_call_recipient: true, require_name_with_signature: true },
    },
    nowIso,
  );
  const sam = await driver(demoOrg, 'driver@example.com', 'Sam', 'de Vries');
  return { organisationId: demoOrg, driverId: sam };
}

/** Today: a short cargo-bike round in the centre and a long van route, in one project. Answers the bike's. */
async function addTodaysRoutes({ trx, nowIso, day }: Seeding, demo: DemoDriver) {
  const bike = await addRoute(trx, nowIso, {
    ...demo,
    projectName: 'Utrecht city',
    date: day(0).date,
    vehicleName: 'Cargo bike 1',
    profile: 'bicycle',
    stops: { seed: 101, deliveries: 8, startSeconds: 8 * HOUR, flavour: 'parcels', pickupAt: 2, breakAt: 5 },
  });
  await addRoute(trx, nowIso, {
    ...demo,
    projectId: bike.projectId,
    projectName: 'Utrecht city',
    date: day(0).date,
    vehicleName: 'Van 2',
    stops: { seed: 102, deliveries: 36, startSeconds: 7.5 * HOUR, flavour: 'parcels', pickupAt: 4, breakAt: 19 },
  });
  return bike;
}

/** The demo driver's routes of other days: each shows the list or the start at another point of a route's life. */
async function addOtherDaysRoutes({ trx, nowIso, day }: Seeding, demo: DemoDriver): Promise<void> {
  // Finished yesterday (on Closed) and 20 days ago (too old for Closed).
  for (const [offset, seed] of [
    [-1, 103],
    [-20, 106],
  ] as const) {
    const { routeId } = await addRoute(trx, nowIso, {
      ...demo,
      projectName: 'Utrecht city',
      date: day(offset).date,
      vehicleName: 'Van 1',
      stops: { seed, deliveries: 9, startSeconds: 8 * HOUR, flavour: 'parcels', breakAt: 5 },
    });
    await finishRoute(trx, routeId, day(offset).at);
  }
  // Not started three days ago: still on New because it is optimized.
  await addRoute(trx, nowIso, {
    ...demo,
    projectName: 'Leidsche Rijn',
    date: day(-3).date,
    vehicleName: 'Van 3',
    stops: { seed: 104, deliveries: 10, startSeconds: 9 * HOUR, flavour: 'parcels' },
  });
  // Tomorrow: starting it today is refused with the allowed-start-date alert.
  await addRoute(trx, nowIso, {
    ...demo,
    projectName: 'Utrecht city',
    date: day(1).date,
    vehicleName: 'Van 2',
    stops: { seed: 105, deliveries: 14, startSeconds: 8 * HOUR, flavour: 'parcels', pickupAt: 3 },
  });
}

/** One organisation per app variant, each with a driver and a route for today. */
async function writeVariantOrganisations({ trx, nowIso, day, driver }: Seeding, config: Config): Promise<void> {
  const variants: Variant[] = [
    {
      name: 'Clean Bins',
      customerId: config.cleaningCustomerId,
      flavour: 'cleaning',
      email: 'cleaning@example.com',
    },
    {
      name: 'Notes Only',
      customerId: config.internalNotesCustomerId,
      flavour: 'notes',
      email: 'notes@example.com',
    },
    // Shows the app with every plan-gated feature off.
    {
      name: 'Basic Couriers',
      customerId: null,
      plan: fullPlan('Basic', false),
      flavour: 'parcels',
      email: 'basic@example.com',
    },
  ];
  const driverNames = [
    ['Cleo', 'Bakker'],
    ['Noor', 'Jansen'],
    ['Bas', 'Visser'],
  ] as const;
  for (const [i, variant] of variants.entries()) {
    const plan = variant.plan ?? fullPlan('Pro', true);
    const organisationId = await createOrganisation(
      trx,
      { name: variant.name, customer_id: variant.customerId, plan },
      nowIso,
    );
    const [first, last] = driverNames[i]!;
    const driverId = await driver(organisationId, variant.email, first, last);
    await addRoute(trx, nowIso, {
      organisationId,
      driverId,
      projectName: variant.name,
      date: day(0).date,
      vehicleName: 'Van 1',
      stops: { seed: 201 + i, deliveries: 8, startSeconds: 8 * HOUR, flavour: variant.flavour },
    });
  }
}

/** The shared link to one of the demo driver's routes (the summary prints its token). */
async function addSharedLink({ trx, nowIso }: Seeding, routeId: number): Promise<void> {
  await trx
    .insertInto('links')
    .values({ id: randomBytes(16).toString('base64url'), route_id: routeId, created_at: nowIso, revoked_at: null })
    .execute();
}

/** The advisory lock key of the seed (any number no other lock uses). */
const SEED_LOCK = 18_001;

/**
 * Seeds the demo when the database has no organisations. Returns what to tell the person who started the server,
 * or null when the database already had data and nothing was written.
 */
export async function seedDemo(ctx: ServerContext): Promise<DemoSummary | null> {
  if (await hasOrganisations(ctx)) return null;
  // Hashed once, outside the transaction: argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const wrote = await ctx.db.transaction().execute(async (trx) => {
    // Processes starting together on one PostgreSQL database seed one at a time (the lock ends with the
    // transaction), and each checks again inside: another may have seeded meanwhile.
    if (ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (await hasOrganisations(ctx, trx)) return false;
    await writeDemo(trx, ctx, passwordHash);
    return true;
  });
  return wrote ? demoSummary(ctx) : null;
}

async function hasOrganisations(ctx: ServerContext, trx: Trx | ServerContext['db'] = ctx.db): Promise<boolean> {
  const row = await trx.selectFrom('organisations').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
