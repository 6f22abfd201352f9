/** Reads and organisation changes of the dispatcher API: lists for the CLI and the route as stored. */
import type { Kysely, Transaction } from 'kysely';
import type {
  CompletionRecord,
  CompletionRole,
  DispatchRouteDetail,
  DispatchRouteSummary,
  RemovedStop,
  UpdateOrganisationRequest,
} from '../../src-shared/protocol/dispatch.ts';
import type { Organisation } from '../../src-shared/protocol/entities.ts';
import type { Database, RouteRow, StopRow } from '../db/schema.ts';
import { notFound } from '../domain/errors.ts';
import { changedConfig, storedTimeZone } from './organisations.ts';
import { loadRoute } from './routes.ts';
import {
  imageUrl,
  type RouteRecord,
  serializeOrganisation,
  serializeRouteSummary,
  serializeStop,
  tallyStops,
} from './serialize.ts';

type Q = Kysely<Database> | Transaction<Database>;

/** How many locations and events the route detail carries: enough to see what a driver did lately. */
const RECENT_RECORDS = 200;

/** `defaultTimeZone` (the server's TIME_ZONE) is the time_zone of organisations without one of their own. */
export async function listOrganisations(db: Q, defaultTimeZone: string): Promise<Organisation[]> {
  const rows = await db.selectFrom('organisations').selectAll().orderBy('id').execute();
  return rows.map((row) => serializeOrganisation(row, defaultTimeZone));
}

async function organisationRow(db: Q, id: number) {
  const row = await db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('No organisation found with this id', 'id');
  return row;
}

export async function loadOrganisation(db: Q, id: number, defaultTimeZone: string): Promise<Organisation> {
  return serializeOrganisation(await organisationRow(db, id), defaultTimeZone);
}

/** Plan flags and config merge into the stored ones; other fields replace (time_zone null: the server's again). */
export async function updateOrganisation(
  trx: Transaction<Database>,
  id: number,
  patch: UpdateOrganisationRequest,
  defaultTimeZone: string,
): Promise<Organisation> {
  const row = await organisationRow(trx, id);
  const current = serializeOrganisation(row, defaultTimeZone);
  await trx
    .updateTable('organisations')
    .set({
      name: patch.name ?? current.name,
      customer_id: patch.customer_id === undefined ? current.customer_id : patch.customer_id,
      plan: JSON.stringify({ ...current.plan, ...patch.plan }),
      config: JSON.stringify(changedConfig(current.config, patch.config)),
      subscription_status: patch.subscription_status ?? current.subscription_status,
      time_zone: patch.time_zone === undefined ? row.time_zone : storedTimeZone(patch.time_zone),
    })
    .where('id', '=', id)
    .execute();
  return loadOrganisation(trx, id, defaultTimeZone);
}

export interface RouteFilter {
  organisationId?: number;
  date?: string;
  limit: number;
}

/** Route summaries in three queries whatever their number: routes, their settings, their stops. */
export async function listRouteSummaries(db: Q, filter: RouteFilter): Promise<DispatchRouteSummary[]> {
  let query = db
    .selectFrom('routes')
    .innerJoin('projects', 'projects.id', 'routes.project_id')
    .selectAll('routes')
    .select(['projects.name as project_name', 'projects.date as project_date']);
  if (filter.organisationId !== undefined) query = query.where('routes.organisation_id', '=', filter.organisationId);
  if (filter.date !== undefined) query = query.where('projects.date', '=', filter.date);
  const rows = await query
    .orderBy('projects.date', 'desc')
    .orderBy('routes.project_id')
    .orderBy('routes.index')
    .limit(filter.limit)
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const settings = await db.selectFrom('publication_settings').selectAll().where('route_id', 'in', ids).execute();
  const stops = await db
    .selectFrom('stops')
    .selectAll()
    .where('route_id', 'in', ids)
    .where('removed_at', 'is', null)
    .orderBy('route_id')
    .orderBy('position')
    .execute();
  const settingsByRoute = new Map(settings.map((s) => [s.route_id, s]));
  const stopsByRoute = new Map<number, StopRow[]>();
  for (const stop of stops) {
    const list = stopsByRoute.get(stop.route_id);
    if (list) list.push(stop);
    else stopsByRoute.set(stop.route_id, [stop]);
  }
  return rows.map(({ project_name, project_date, ...route }) => {
    const record: RouteRecord = {
      route: route as RouteRow,
      projectName: project_name,
      projectDate: project_date,
      settings: settingsByRoute.get(route.id)!,
    };
    return {
      ...serializeRouteSummary(record, tallyStops(stopsByRoute.get(route.id) ?? [])),
      organisation_id: route.organisation_id,
    };
  });
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** A completion body names its proof by image id (repo/stop-completion.ts); the dispatcher gets URLs. */
function proofUrls(body: unknown): { image_urls: string[]; signature_url: string | null } {
  const { images, signature } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const isId = (value: unknown): value is number => Number.isInteger(value);
  return {
    image_urls: Array.isArray(images) ? images.filter(isId).map(imageUrl) : [],
    signature_url: isId(signature) ? imageUrl(signature) : null,
  };
}

/**
 * Every completion record of the route, newest first, each with its proof and where it stands: the newest record a
 * stop took is its current one, older ones it took are superseded, and late ones stored beside it never were.
 */
async function completionRecords(db: Q, routeId: number): Promise<CompletionRecord[]> {
  const rows = await db
    .selectFrom('completions')
    .select([
      'id',
      'stop_id',
      'status',
      'principal',
      'idempotency_key',
      'body',
      'finish_time',
      'completed_at',
      'received_at',
      'kept_beside',
    ])
    .where('route_id', '=', routeId)
    .orderBy('id', 'desc')
    .execute();
  const withCurrent = new Set<number>();
  return rows.map(({ kept_beside, ...c }) => {
    const body = parseJson(c.body);
    let role: CompletionRole = 'late';
    if (kept_beside !== 1) role = withCurrent.has(c.stop_id) ? 'superseded' : 'current';
    if (role === 'current') withCurrent.add(c.stop_id);
    return { ...c, body, ...proofUrls(body), current: role === 'current', role };
  });
}

async function removedStops(db: Q, routeId: number): Promise<RemovedStop[]> {
  const rows = await db
    .selectFrom('stops')
    .selectAll()
    .where('route_id', '=', routeId)
    .where('removed_at', 'is not', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...serializeStop(row), removed_at: row.removed_at! }));
}

export async function loadRouteDetail(db: Q, routeId: number, fetchedAt: string): Promise<DispatchRouteDetail | null> {
  const route = await loadRoute(db, routeId, fetchedAt);
  if (!route) return null;
  const { organisation_id } = await db
    .selectFrom('routes')
    .select('organisation_id')
    .where('id', '=', routeId)
    .executeTakeFirstOrThrow();
  const locations = await db
    .selectFrom('locations')
    .select(['id', 'principal', 'lat', 'lng', 'error', 'source', 'recorded_at'])
    .where('route_id', '=', routeId)
    .orderBy('id', 'desc')
    .limit(RECENT_RECORDS)
    .execute();
  const events = await db
    .selectFrom('route_events')
    .select(['id', 'principal', 'type', 'body', 'source', 'received_at'])
    .where('route_id', '=', routeId)
    .orderBy('id', 'desc')
    .limit(RECENT_RECORDS)
    .execute();
  const links = await db
    .selectFrom('links')
    .select(['id', 'created_at', 'revoked_at'])
    .where('route_id', '=', routeId)
    .orderBy('created_at')
    .execute();
  return {
    ...route,
    organisation_id,
    completions: await completionRecords(db, routeId),
    removed_stops: await removedStops(db, routeId),
    locations: locations.reverse(),
    events: events.reverse().map((e) => ({ ...e, body: parseJson(e.body) })),
    links,
  };
}
