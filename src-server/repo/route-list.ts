/**
 * The driver's route list (GET /v1/projects/routes): the routes the app can show, grouped by project, each card with
 * its stop counts and its start and end stops.
 */
import { addDays } from '../../src-shared/domain/dates.ts';
import { closedWindowStart } from '../../src-shared/domain/route-list.ts';
import type { ProjectEntry } from '../../src-shared/protocol/entities.ts';
import type { RouteRow } from '../db/schema.ts';
import type { Q } from './routes.ts';
import { type RouteRecord, type StopTally, serializeRouteSummary } from './serialize.ts';

/**
 * The oldest finished route the Closed tab of any time zone can show now: its window (spec section 2) for the
 * earliest local date there is at this instant (a day behind UTC's at most), as the window only moves forward.
 */
export function finishedListFrom(nowMs: number): string {
  return closedWindowStart(addDays(new Date(nowMs).toISOString().slice(0, 10), -1));
}

/**
 * The driver's routes the app can show, grouped by project, newest project first: every route not finished (the
 * New tab), and the finished ones from `finishedFrom` on (the Closed tab keeps about two weeks). Each card's stop
 * counts are summed by the database and only its start and end stops are read, so a driver with a year of
 * history costs what their last fortnight does (bench:server "route list of a year-old driver").
 */
export async function listProjectsForDriver(db: Q, driverId: number, finishedFrom: string): Promise<ProjectEntry[]> {
  const rows = await selectListedRoutes(db, driverId, finishedFrom);
  if (rows.length === 0) return [];
  const tallies = await loadStopTallies(
    db,
    rows.map((r) => r.id),
  );
  const projects = new Map<number, ProjectEntry>();
  for (const row of rows) {
    const record = listedRecord(row);
    const { route } = record;
    let entry = projects.get(route.project_id);
    if (!entry) {
      entry = { project_id: route.project_id, project_name: record.projectName, date: record.projectDate, routes: [] };
      projects.set(route.project_id, entry);
    }
    entry.routes.push(serializeRouteSummary(record, tallies.tallyOf(route.id)));
  }
  return [...projects.values()];
}

/** The listed routes with their project and publication settings, in one query, in the list's order. */
function selectListedRoutes(db: Q, driverId: number, finishedFrom: string) {
  return db
    .selectFrom('routes')
    .innerJoin('projects', 'projects.id', 'routes.project_id')
    .innerJoin('publication_settings', 'publication_settings.route_id', 'routes.id')
    .selectAll('routes')
    .select(['projects.name as project_name', 'projects.date as project_date'])
    .select([
      'publication_settings.id as ps_id',
      'publication_settings.project_date as ps_project_date',
      'publication_settings.fulfill_stops_in_any_order as ps_any_order',
      'publication_settings.photo_collection as ps_photo',
      'publication_settings.completion_notes as ps_notes',
      'publication_settings.signature_capture as ps_signature',
      'publication_settings.age_verification as ps_age',
      'publication_settings.barcode_scanning as ps_barcode',
      'publication_settings.failure_reasons as ps_reasons',
      'publication_settings.delivery_places as ps_places',
      'publication_settings.delivery_codes as ps_codes',
      'publication_settings.arrival_detection as ps_arrival',
    ])
    .where('routes.driver_id', '=', driverId)
    .where((eb) => eb.or([eb('routes.status', '!=', 'finished'), eb('projects.date', '>=', finishedFrom)]))
    .orderBy('projects.date', 'desc')
    .orderBy('routes.project_id')
    .orderBy('routes.index')
    .execute();
}

type ListedRow = Awaited<ReturnType<typeof selectListedRoutes>>[number];

/** A listed row as the route, its project and its publication settings (the columns the query renamed). */
function listedRecord(row: ListedRow): RouteRecord {
  const {
    project_name,
    project_date,
    ps_id,
    ps_project_date,
    ps_any_order,
    ps_photo,
    ps_notes,
    ps_signature,
    ps_age,
    ps_barcode,
    ps_reasons,
    ps_places,
    ps_codes,
    ps_arrival,
    ...route
  } = row;
  return {
    route: route as RouteRow,
    projectName: project_name,
    projectDate: project_date,
    settings: {
      id: ps_id,
      route_id: route.id,
      project_date: ps_project_date,
      fulfill_stops_in_any_order: ps_any_order,
      photo_collection: ps_photo,
      completion_notes: ps_notes,
      signature_capture: ps_signature,
      age_verification: ps_age,
      barcode_scanning: ps_barcode,
      failure_reasons: ps_reasons,
      delivery_places: ps_places,
      delivery_codes: ps_codes,
      arrival_detection: ps_arrival,
    },
  };
}

/**
 * Each route's stop counts, summed by the database, and its start and end stops (the only stops read); a route
 * with no stops has a tally of none.
 */
async function loadStopTallies(db: Q, ids: number[]) {
  const [counts, ends] = await Promise.all([
    db
      .selectFrom('stops')
      .select((eb) => [
        'route_id',
        eb.fn.countAll<number>().as('stop_count'),
        eb.fn
          .sum<number>(eb.case().when('status', 'in', ['finished', 'skipped']).then(1).else(0).end())
          .as('done_count'),
      ])
      .where('route_id', 'in', ids)
      .where('type', 'not in', ['start', 'end'])
      .where('removed_at', 'is', null)
      .groupBy('route_id')
      .execute(),
    db
      .selectFrom('stops')
      .selectAll()
      .where('route_id', 'in', ids)
      .where('type', 'in', ['start', 'end'])
      .orderBy('route_id')
      .orderBy('position')
      .execute(),
  ]);
  const tallies = new Map<number, StopTally>();
  const tallyOf = (routeId: number) => {
    let tally = tallies.get(routeId);
    if (!tally) {
      tally = { stop_count: 0, done_count: 0, start: undefined, end: undefined };
      tallies.set(routeId, tally);
    }
    return tally;
  };
  for (const c of counts) {
    const tally = tallyOf(c.route_id);
    // PostgreSQL answers bigint sums as strings.
    tally.stop_count = Number(c.stop_count);
    tally.done_count = Number(c.done_count ?? 0);
  }
  for (const stop of ends) {
    const tally = tallyOf(stop.route_id);
    if (stop.type === 'start') tally.start ??= stop;
    else tally.end = stop;
  }
  return { tallyOf };
}
