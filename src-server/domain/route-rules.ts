/**
 * The route and stop state rules of spec section 4, shared by the route status call and the stop update call.
 * The texts are the ones the app shows in its alerts (spec section 8), so they must not be reworded.
 */
import type { RouteStatus, StopStatus, StopType } from '../../src-shared/protocol/entities.ts';
import { badRequest, conflict } from '../domain/errors.ts';

export const NOT_STARTED_MESSAGE = 'You need to start the route first';
export const ALREADY_FINISHED_MESSAGE = "You've already completed the route";
const INCOMPLETE_STOPS_MESSAGE = 'Complete all stops before arriving at your final destination';
export const STOP_NOT_FOUND_MESSAGE = 'Stop not found';

export const startDateMessage = (projectDate: string) => `This route can be started from ${projectDate}`;

export const isDone = (status: string) => status === ('finished' satisfies StopStatus) || status === 'skipped';

/** A finished route's late update made before the route was started: no work of this route. */
const BEFORE_START_MESSAGE = 'completed_at is before the route was started';
export const LINK_ROUTE_FINISHED_MESSAGE = 'This route is finished: a shared link can no longer change it';
const lateWindowClosedMessage = (hours: number) =>
  `This route was finished more than ${hours} hours ago: it takes no more completions`;

/** When a late stop update arrives, and how long after a finish one is still taken (LATE_COMPLETION_HOURS). */
export interface LateWindow {
  receivedAt: Date;
  hours: number;
}

/**
 * Stop updates are taken while the route is in progress. Once it is finished the route is final, but a completion
 * that waited in the app's queue (a phone offline, a second device) is still the driver's work, so a late update is
 * taken when both hold:
 * - it was made while the route was open: its `completed_at` from the route's start to before its finish (one
 *   dated before the start is no work of this route; one at or after the finish, or one without a time, which then
 *   means the server's now, was made on a finished route);
 * - it arrives within `hours` of the finish: a queue is emptied when the phone is back online, and after that a
 *   route nobody can change any more is what a dispatcher, a customer or a dispute may rely on.
 * A route with no start or finish instant (created finished by the dispatcher) takes none. What a late update may
 * change is repo/stop-completion.ts's to say: never what a done stop holds.
 */
export function assertTakesStopUpdate(
  route: { status: string; started_at: string | null; finished_at: string | null },
  completedAt: string,
  late: LateWindow,
) {
  if (route.status === ('in_progress' satisfies RouteStatus)) return;
  if (route.status !== ('finished' satisfies RouteStatus)) throw badRequest(NOT_STARTED_MESSAGE);
  const done = Date.parse(completedAt);
  if (route.started_at === null || route.finished_at === null) throw badRequest(ALREADY_FINISHED_MESSAGE);
  const finishedAt = Date.parse(route.finished_at);
  if (done >= finishedAt) throw badRequest(ALREADY_FINISHED_MESSAGE);
  if (done < Date.parse(route.started_at)) throw badRequest(BEFORE_START_MESSAGE, 'completed_at');
  if (late.receivedAt.getTime() - finishedAt > late.hours * 3_600_000)
    throw conflict(lateWindowClosedMessage(late.hours));
}

const FINISHED_STOP_FINAL_MESSAGE = 'This route is finished: its done stops are final';
const FINISHED_OPEN_STOP_MESSAGE =
  "This route is finished: an open stop is done only by its driver's late update, never by the office";
const FINISHED_ORDER_FINAL_MESSAGE = 'This route is finished: its stops and their order are final';

/**
 * The office's edit of a stop (the dispatcher's stop PATCH) on a finished route. A done stop (finished or skipped) is
 * what its current completion record says, and the route is what a dispatcher, a customer or a dispute relies on, so
 * the office changes nothing of it: its status would disagree with its record (or reopen it to a late update that
 * replaces the shown proof), and its notes, units, code or address would rewrite what the driver did. A stop still
 * open (a route created finished) has no record to disagree with: its details may change, but it is done only by the
 * driver's late update (assertTakesStopUpdate), which then makes the record it agrees with. Called under the route's
 * lock, which the driver's finish and completions take too, so the route cannot finish between this and the write.
 */
export function assertOfficeMayChangeStop(
  route: { status: string },
  stop: { status: string },
  change: { status?: string },
): void {
  if (route.status !== ('finished' satisfies RouteStatus)) return;
  if (isDone(stop.status)) throw conflict(FINISHED_STOP_FINAL_MESSAGE, 'stopId');
  if (change.status !== undefined && change.status !== stop.status)
    throw conflict(FINISHED_OPEN_STOP_MESSAGE, 'status');
}

/**
 * A reorder or a stop's removal on a finished route that has done stops: both plan the route again, giving its done
 * stops new positions and planned times, which rewrites the day the records describe. (A finished route with no done
 * stop, created finished, is still only a plan.) Under the route's lock, as above.
 */
export function assertOfficeMayReplan(route: { status: string }, stops: { status: string }[], field: string): void {
  if (route.status === ('finished' satisfies RouteStatus) && stops.some((s) => isDone(s.status)))
    throw conflict(FINISHED_ORDER_FINAL_MESSAGE, field);
}

/** The end stop waits for every other stop (start and breaks included) to be finished or skipped. */
export function assertOnlyEndStopsLeft(stops: { type: string; status: string }[]): void {
  const open = stops.some((s) => s.type !== ('end' satisfies StopType) && !isDone(s.status));
  if (open) throw badRequest(INCOMPLETE_STOPS_MESSAGE);
}
