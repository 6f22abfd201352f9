/**
 * The route and stop state rules of spec section 4, shared by the route status call and the stop update call.
 * The texts are the ones the app shows in its alerts (spec section 8), so they must not be reworded.
 */
import type { RouteStatus, StopStatus, StopType } from '../../src-shared/protocol/entities.ts';
import { badRequest } from '../domain/errors.ts';

export const NOT_STARTED_MESSAGE = 'You need to start the route first';
export const ALREADY_FINISHED_MESSAGE = "You've already completed the route";
export const INCOMPLETE_STOPS_MESSAGE = 'Complete all stops before arriving at your final destination';
export const STOP_NOT_FOUND_MESSAGE = 'Stop not found';

export const startDateMessage = (projectDate: string) => `This route can be started from ${projectDate}`;

export const isDone = (status: string) => status === ('finished' satisfies StopStatus) || status === 'skipped';

/**
 * Stop updates are taken while the route is in progress, and on a finished route only when the driver did the stop
 * before the finish (`completedAt` before `finished_at`): a completion that waited in the app's queue while the
 * route was finished is still the driver's work. A route with no finish instant takes none.
 */
export function assertTakesStopUpdate(route: { status: string; finished_at: string | null }, completedAt: string) {
  if (route.status === ('finished' satisfies RouteStatus)) {
    const doneBeforeFinish = route.finished_at !== null && Date.parse(completedAt) < Date.parse(route.finished_at);
    if (!doneBeforeFinish) throw badRequest(ALREADY_FINISHED_MESSAGE);
  } else if (route.status !== ('in_progress' satisfies RouteStatus)) throw badRequest(NOT_STARTED_MESSAGE);
}

/** The end stop waits for every other stop (start and breaks included) to be finished or skipped. */
export function assertOnlyEndStopsLeft(stops: { type: string; status: string }[]): void {
  const open = stops.some((s) => s.type !== ('end' satisfies StopType) && !isDone(s.status));
  if (open) throw badRequest(INCOMPLETE_STOPS_MESSAGE);
}
