/**
 * A stop's arrival (issue 34, issue 44): recorded only on a started route and only for a pending delivery or pickup
 * (`arrivalStopProblem`, the rule the app offers Arrived by), and the first one stays, whoever sends another (a
 * retry, a second tab). A recorded arrival is a route change: it moves the route's version and its `stop_update`
 * event reaches every socket of the route, so the driver's other devices show it.
 */
import { ARRIVAL_STOP_TYPES, arrivalStopProblem } from '../../src-shared/domain/arrival.ts';
import type { ArrivalBy, Stop, StopType } from '../../src-shared/protocol/entities.ts';
import type { ServerMessage } from '../../src-shared/protocol/socket.ts';
import type { ServerContext } from '../context.ts';
import type { StopRow } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../domain/errors.ts';
import { STOP_NOT_FOUND_MESSAGE } from '../domain/route-rules.ts';
import { changeRoute, markRouteChanged } from './route-version.ts';
import { serializeStop } from './serialize.ts';
import type { Trx } from './transaction.ts';

export interface StoredArrival {
  arrived_at: string;
  arrival_by: ArrivalBy;
}

export interface ArrivalWrite {
  routeId: number;
  stopId: number;
  arrivedAt: string;
  by: ArrivalBy;
  nowIso: string;
}

/** What the write did: the arrival the stop keeps, and the stop as it now is when this arrival was the one stored. */
interface ArrivalOutcome {
  arrival: StoredArrival;
  recorded: Stop | null;
}

const STOP_TYPE_WORDS: Record<StopType, string> = {
  start: 'The start',
  end: 'The end',
  break: 'A break',
  delivery: 'A delivery',
  pickup: 'A pickup',
};

/** The refusal for a stop that takes no arrival, or null when its arrival is simply kept (it has one already). */
function refusalFor(row: StopRow) {
  if (row.removed_at !== null)
    return conflict('This stop was removed by your dispatcher: it takes no arrival', 'service');
  const problem = arrivalStopProblem({
    type: row.type as StopType,
    status: row.status as Stop['status'],
    arrived_at: row.arrived_at,
  });
  if (problem === 'stop_type')
    return badRequest(
      `${STOP_TYPE_WORDS[row.type as StopType]} takes no arrival: only a delivery or a pickup does`,
      'service',
    );
  if (problem === 'done') return conflict('This stop is already done: it takes no arrival', 'service');
  return null;
}

/**
 * In the change's transaction, which holds the route's lock: fills the stop's empty arrival and marks the route
 * changed, or says why not. The write is one statement whose conditions are the whole rule (started route aside,
 * checked under the same lock), so an arrival racing a completion or a removal of the stop can only land on a stop
 * that still takes it, and of two arrivals at once the first to land is kept and the other changes nothing.
 */
async function writeArrival(trx: Trx, write: ArrivalWrite): Promise<ArrivalOutcome> {
  const route = await trx.selectFrom('routes').select('status').where('id', '=', write.routeId).executeTakeFirst();
  if (route?.status !== 'in_progress') throw conflict('Arrivals are recorded only on a started route', 'status');
  const filled = await trx
    .updateTable('stops')
    .set({ arrived_at: write.arrivedAt, arrival_by: write.by, updated_at: write.nowIso })
    .where('id', '=', write.stopId)
    .where('route_id', '=', write.routeId)
    .where('arrived_at', 'is', null)
    .where('status', '=', 'pending')
    .where('removed_at', 'is', null)
    .where('type', 'in', [...ARRIVAL_STOP_TYPES])
    .returningAll()
    .executeTakeFirst();
  if (filled) {
    await markRouteChanged(trx, write.routeId, write.nowIso);
    return { arrival: { arrived_at: write.arrivedAt, arrival_by: write.by }, recorded: serializeStop(filled) };
  }
  const row = await trx
    .selectFrom('stops')
    .selectAll()
    .where('id', '=', write.stopId)
    .where('route_id', '=', write.routeId)
    .executeTakeFirst();
  if (!row) throw notFound(STOP_NOT_FOUND_MESSAGE, 'service');
  const refusal = refusalFor(row);
  if (refusal) throw refusal;
  return { arrival: { arrived_at: row.arrived_at!, arrival_by: row.arrival_by as ArrivalBy }, recorded: null };
}

/**
 * Records the arrival where the stop takes one and answers the arrival the stop keeps. The arrival, the route's new
 * version and its `stop_update` event are written in one transaction under the route's lock (changeRoute): the event
 * exists exactly when the arrival does, stamped with the version it brought the route to, and no other change of the
 * route (a completion, a dispatcher's edit) can slip between the check and the write. An arrival that changed
 * nothing (the first one stays) moves no version and sends nothing.
 */
export function recordArrival(
  ctx: Pick<ServerContext, 'db' | 'dialect' | 'hub'>,
  write: ArrivalWrite,
): Promise<StoredArrival> {
  const announce = ({ recorded }: ArrivalOutcome, version: number): ServerMessage[] =>
    recorded
      ? [
          {
            type: 'stop_update',
            data: { route_id: write.routeId, version, stop: recorded, updated_at: recorded.updated_at },
          },
        ]
      : [];
  return changeRoute(ctx, write.routeId, (trx) => writeArrival(trx, write), announce).then(({ arrival }) => arrival);
}
