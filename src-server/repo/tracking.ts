/**
 * What a driver reports while working: positions (location PATCH and socket `location`) and status events
 * (`service_change` on the socket or POST .../events). Both the HTTP calls and the socket store through here, so
 * both refuse the same things: a plan without the feature, a position or a status event for a route not in progress
 * (409), a stop of another route, and more than the per-sender limits a minute (LOCATION_RATE_LIMIT,
 * EVENT_RATE_LIMIT, and EVENT_BYTES_LIMIT for the bytes of status events). The limits count the sender's rows of the
 * last minute, so they hold across server processes without state of their own; the count and the insert are one
 * step per sender, so concurrent messages cannot all pass the count first. Old rows are pruned by retention.ts.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { textLength } from '../../src-shared/domain/text.ts';
import { LOCATION_ERROR_MAX } from '../../src-shared/limits.ts';
import type { Plan, PlanFlag } from '../../src-shared/protocol/entities.ts';
import type { LocationData, ServiceChangeData } from '../../src-shared/protocol/socket.ts';
import { type Principal, principalKey } from '../auth/principal.ts';
import { isoNow, type ServerContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { parseCoordinate } from '../domain/coordinates.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../domain/errors.ts';
import { LINK_ROUTE_FINISHED_MESSAGE, STOP_NOT_FOUND_MESSAGE } from '../domain/route-rules.ts';
import { accessFrom, type RouteAccess, revokedColumn } from './route-access.ts';

export type TrackingSource = 'http' | 'socket';

const NOT_IN_PROGRESS_LOCATION_MESSAGE = 'Positions are recorded only while the route is in progress';
const NOT_IN_PROGRESS_EVENT_MESSAGE = 'Status events are recorded only while the route is in progress';
const WINDOW_MS = 60_000;
/** The advisory lock class of the per-sender limits (the key within it is the sender's hash). */
const SENDER_LOCK = 18_002;

type Q = Kysely<Database> | Transaction<Database>;

async function organisationPlan(ctx: ServerContext, organisationId: number): Promise<Plan> {
  const row = await ctx.db
    .selectFrom('organisations')
    .select('plan')
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.plan) as Plan;
}

const PLAN_REFUSALS: Partial<Record<PlanFlag, string>> = {
  ft_realtime_driver_tracking: "Your organisation's plan does not include real-time driver tracking",
  ft_live_status_updates: "Your organisation's plan does not include live status updates",
};

/** Throws a 403 naming the missing feature when the caller's plan lacks the flag. */
async function requirePlanFlag(ctx: ServerContext, principal: Principal, flag: PlanFlag): Promise<void> {
  const plan = await organisationPlan(ctx, principal.organisationId);
  if (!plan[flag]) throw forbidden(PLAN_REFUSALS[flag] ?? `Your organisation's plan does not include ${flag}`);
}

/** Seconds until the oldest of the sender's last minute leaves the window (Retry-After). */
const retryAfter = (ctx: ServerContext, oldest: string | null) =>
  ((oldest ? Date.parse(oldest) : ctx.now()) + WINDOW_MS - ctx.now()) / 1000;

/** 429 once the sender has sent `limit` in the last minute; Retry-After when the oldest of them leaves the window. */
function assertUnderLimit(ctx: ServerContext, limit: number, what: string, count: number, oldest: string | null) {
  if (limit <= 0 || count < limit) return;
  throw tooManyRequests(`Too many ${what}: at most ${limit} a minute`, retryAfter(ctx, oldest));
}

/**
 * Runs the count and the insert of one sender's row as one step: in a transaction holding the sender's advisory lock
 * on PostgreSQL (so two processes cannot both count below the limit and both insert), in a transaction on SQLite
 * (which runs its transactions one at a time on its one connection).
 */
function asOneStep<T>(ctx: ServerContext, sender: string, work: (trx: Transaction<Database>) => Promise<T>) {
  return ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(${SENDER_LOCK}, hashtext(${sender}))`.execute(trx);
    return work(trx);
  });
}

async function assertLocationRate(db: Q, ctx: ServerContext, sender: string): Promise<void> {
  const limit = ctx.config.locationRateLimit;
  if (limit <= 0) return;
  const since = new Date(ctx.now() - WINDOW_MS).toISOString();
  const row = await db
    .selectFrom('locations')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('recorded_at').as('oldest')])
    .where('principal', '=', sender)
    .where('recorded_at', '>', since)
    .executeTakeFirstOrThrow();
  assertUnderLimit(ctx, limit, 'positions', Number(row.count), row.oldest);
}

/** At most EVENT_RATE_LIMIT events and EVENT_BYTES_LIMIT bytes (with this one's `bytes`) in the last minute. */
async function assertEventRate(db: Q, ctx: ServerContext, sender: string, bytes: number): Promise<void> {
  const { eventRateLimit: limit, eventBytesLimit: byteLimit } = ctx.config;
  if (limit <= 0 && byteLimit <= 0) return;
  const since = new Date(ctx.now() - WINDOW_MS).toISOString();
  const row = await db
    .selectFrom('route_events')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('received_at').as('oldest'),
      eb.fn.sum<number>('bytes').as('bytes'),
    ])
    .where('principal', '=', sender)
    .where('received_at', '>', since)
    .executeTakeFirstOrThrow();
  assertUnderLimit(ctx, limit, 'status events', Number(row.count), row.oldest);
  // Full once this one would pass the budget; the wait is for the oldest to leave (one event over it never fits).
  if (byteLimit > 0 && Number(row.bytes ?? 0) + bytes > byteLimit)
    throw tooManyRequests(`Too many status events: at most ${byteLimit} bytes a minute`, retryAfter(ctx, row.oldest));
}

/** A position's stored values: lat and lng, or the device's reason for having none (400 for anything else). */
function positionValues(data: LocationData): { lat: number | null; lng: number | null; error: string | null } {
  if ('error' in data) {
    if (typeof data.error !== 'string' || textLength(data.error) > LOCATION_ERROR_MAX)
      throw badRequest(`error must be a text of at most ${LOCATION_ERROR_MAX} characters`, 'error');
    return { lat: null, lng: null, error: data.error };
  }
  const lat = parseCoordinate(data.lat, 90);
  const lng = parseCoordinate(data.lng, 180);
  if (lat === null) throw badRequest('lat must be a latitude between -90 and 90', 'lat');
  if (lng === null) throw badRequest('lng must be a longitude between -180 and 180', 'lng');
  return { lat, lng, error: null };
}

/** A last tick of the app's timer may land after the finish; it is refused, not stored as tracking. */
function assertTracking(status: string | undefined | null): void {
  if (status !== 'in_progress') throw conflict(NOT_IN_PROGRESS_LOCATION_MESSAGE);
}

/** A position (or the device's reason for having none) by HTTP, for a route the caller may reach. */
export async function recordLocation(
  ctx: ServerContext,
  routeId: number,
  principal: Principal,
  data: LocationData,
  source: TrackingSource,
): Promise<void> {
  await requirePlanFlag(ctx, principal, 'ft_realtime_driver_tracking');
  const values = positionValues(data);
  const route = await ctx.db.selectFrom('routes').select('status').where('id', '=', routeId).executeTakeFirst();
  assertTracking(route?.status);
  const sender = principalKey(principal);
  await asOneStep(ctx, sender, async (trx) => {
    await assertLocationRate(trx, ctx, sender);
    await trx
      .insertInto('locations')
      .values({ route_id: routeId, principal: sender, ...values, source, recorded_at: isoNow(ctx) })
      .execute();
  });
}

/** A stop's status event (the schema has checked its shape), for a route the caller may reach. */
export async function recordServiceChange(
  ctx: ServerContext,
  routeId: number,
  principal: Principal,
  data: ServiceChangeData,
  source: TrackingSource,
): Promise<void> {
  await requirePlanFlag(ctx, principal, 'ft_live_status_updates');
  if (data.lat !== undefined && parseCoordinate(data.lat, 90) === null)
    throw badRequest('data.lat must be a latitude between -90 and 90', 'data.lat');
  if (data.lng !== undefined && parseCoordinate(data.lng, 180) === null)
    throw badRequest('data.lng must be a longitude between -180 and 180', 'data.lng');
  const route = await ctx.db.selectFrom('routes').select('status').where('id', '=', routeId).executeTakeFirst();
  // A link opens the day's work: once its route is finished, it may read the route but add nothing to it.
  if (principal.kind === 'link' && route?.status === 'finished') throw forbidden(LINK_ROUTE_FINISHED_MESSAGE);
  // As for positions: a status event of a route not started (or finished) is no live status of anything.
  if (route?.status !== 'in_progress') throw conflict(NOT_IN_PROGRESS_EVENT_MESSAGE);
  const stop = await ctx.db
    .selectFrom('stops')
    .select('id')
    .where('id', '=', data.service_id)
    .where('route_id', '=', routeId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!stop) throw notFound(STOP_NOT_FOUND_MESSAGE, 'service');
  const sender = principalKey(principal);
  const body = JSON.stringify(data);
  const bytes = Buffer.byteLength(body);
  await asOneStep(ctx, sender, async (trx) => {
    await assertEventRate(trx, ctx, sender, bytes);
    await trx
      .insertInto('route_events')
      .values({
        route_id: routeId,
        principal: sender,
        type: 'service_change',
        body,
        bytes,
        source,
        received_at: isoNow(ctx),
      })
      .execute();
  });
}

/**
 * A position sent on a socket, the message every driver sends every 30 s: everything it needs decided (the socket's
 * access, the plan, the route's status, the sender's last minute) is read in one statement inside the sender's step,
 * then the row is inserted: two statements (and, on PostgreSQL, the sender's advisory lock), where reading each
 * apart took five. Nothing is cached, so a revocation or a finish made through another process counts at once.
 * Refused in the order the separate checks had: access (answered, not thrown: the socket closes), plan, values,
 * status, rate.
 */
export async function recordSocketLocation(
  ctx: ServerContext,
  routeId: number,
  principal: Principal,
  data: LocationData,
): Promise<RouteAccess> {
  const sender = principalKey(principal);
  const since = new Date(ctx.now() - WINDOW_MS).toISOString();
  return asOneStep(ctx, sender, async (trx) => {
    const gate = await trx
      .selectFrom('routes')
      .select(['routes.driver_id', 'routes.status'])
      .select((eb) => [
        revokedColumn(eb, principal),
        eb
          .selectFrom('organisations')
          .select('plan')
          .where('organisations.id', '=', principal.organisationId)
          .as('plan'),
        eb
          .selectFrom('locations')
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .where('locations.principal', '=', sender)
          .where('locations.recorded_at', '>', since)
          .as('count'),
        eb
          .selectFrom('locations')
          .select((inner) => inner.fn.min('locations.recorded_at').as('oldest'))
          .where('locations.principal', '=', sender)
          .where('locations.recorded_at', '>', since)
          .as('oldest'),
      ])
      .where('routes.id', '=', routeId)
      .executeTakeFirst();
    const access = accessFrom(principal, gate);
    if (access !== 'allowed' || !gate) return access;
    const plan = JSON.parse(gate.plan ?? '{}') as Plan;
    if (!plan.ft_realtime_driver_tracking) throw forbidden(PLAN_REFUSALS.ft_realtime_driver_tracking!);
    const values = positionValues(data);
    assertTracking(gate.status);
    assertUnderLimit(ctx, ctx.config.locationRateLimit, 'positions', Number(gate.count ?? 0), gate.oldest ?? null);
    await trx
      .insertInto('locations')
      .values({ route_id: routeId, principal: sender, ...values, source: 'socket', recorded_at: isoNow(ctx) })
      .execute();
    return access;
  });
}
