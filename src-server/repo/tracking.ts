/**
 * What a driver reports while working: positions (location PATCH and socket `location`) and status events
 * (`service_change` on the socket or POST .../events). Both the HTTP calls and the socket store through here.
 */
import type { Plan, PlanFlag } from '../../src-shared/protocol/entities.ts';
import type { LocationData } from '../../src-shared/protocol/socket.ts';
import { type Principal, principalKey } from '../auth/principal.ts';
import { isoNow, type ServerContext } from '../context.ts';
import { badRequest, forbidden } from '../http/errors.ts';

export type TrackingSource = 'http' | 'socket';

export async function organisationPlan(ctx: ServerContext, organisationId: number): Promise<Plan> {
  const row = await ctx.db
    .selectFrom('organisations')
    .select('plan')
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.plan) as Plan;
}

export const PLAN_REFUSALS: Partial<Record<PlanFlag, string>> = {
  ft_realtime_driver_tracking: "Your organisation's plan does not include real-time driver tracking",
  ft_live_status_updates: "Your organisation's plan does not include live status updates",
};

/** Throws a 403 naming the missing feature when the caller's plan lacks the flag. */
export async function requirePlanFlag(ctx: ServerContext, principal: Principal, flag: PlanFlag): Promise<void> {
  const plan = await organisationPlan(ctx, principal.organisationId);
  if (!plan[flag]) throw forbidden(PLAN_REFUSALS[flag] ?? `Your organisation's plan does not include ${flag}`);
}

/** Parses a coordinate sent as text or number; null when it is not a valid one. */
export function parseCoordinate(value: unknown, limit: 90 | 180): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

export async function recordLocation(
  ctx: ServerContext,
  routeId: number,
  principal: Principal,
  data: LocationData,
  source: TrackingSource,
): Promise<void> {
  let lat: number | null = null;
  let lng: number | null = null;
  let error: string | null = null;
  if ('error' in data) {
    if (typeof data.error !== 'string' || data.error.length > 500)
      throw badRequest('error must be a text of at most 500 characters', 'error');
    error = data.error;
  } else {
    lat = parseCoordinate(data.lat, 90);
    lng = parseCoordinate(data.lng, 180);
    if (lat === null) throw badRequest('lat must be a latitude between -90 and 90', 'lat');
    if (lng === null) throw badRequest('lng must be a longitude between -180 and 180', 'lng');
  }
  await ctx.db
    .insertInto('locations')
    .values({
      route_id: routeId,
      principal: principalKey(principal),
      lat,
      lng,
      error,
      source,
      recorded_at: isoNow(ctx),
    })
    .execute();
}

export async function recordRouteEvent(
  ctx: ServerContext,
  routeId: number,
  principal: Principal,
  type: string,
  body: unknown,
  source: TrackingSource,
): Promise<void> {
  await ctx.db
    .insertInto('route_events')
    .values({
      route_id: routeId,
      principal: principalKey(principal),
      type,
      body: JSON.stringify(body),
      source,
      received_at: isoNow(ctx),
    })
    .execute();
}
