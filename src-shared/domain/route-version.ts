/**
 * Route versions (issue 30): the server adds one to a route's version for every change to it or its stops, in the
 * order the changes are stored, and each dispatcher event carries the version it brought the route to
 * (src-shared/protocol/socket.ts). These rules decide what the app does with an event or an answer, given the
 * version of the copy it shows. A version may be absent: a copy stored by an app version before versions, or an
 * answer from a server before them.
 */

/**
 * - `stale`: the copy already holds this change (it came with a later answer, or the event overtook nothing);
 * - `next`: the change right after the copy's: apply it;
 * - `gap`: at least one change in between never reached the app (missed while the socket was down, or a change that
 *   sends no event, such as another device's completion): ask for the route.
 */
export type EventFreshness = 'stale' | 'next' | 'gap';

export function eventFreshness(copyVersion: number | undefined, eventVersion: number | undefined): EventFreshness {
  // A server before versions: every event is taken, as it was then.
  if (eventVersion === undefined) return 'next';
  // A copy before versions cannot say what it holds.
  if (copyVersion === undefined) return 'gap';
  if (eventVersion <= copyVersion) return 'stale';
  return eventVersion === copyVersion + 1 ? 'next' : 'gap';
}

/**
 * Whether a route answer may replace the copy shown: not when it is older than the copy (an answer that left the server
 * before a change the app has already applied, say a completion's answer overtaken by the next event).
 */
export function replacesCopy(copyVersion: number | undefined, answerVersion: number | undefined): boolean {
  return copyVersion === undefined || answerVersion === undefined || answerVersion >= copyVersion;
}

/** The socket opened on this version (`route_version`): a copy behind it missed something, and asks for the route. */
export function copyIsBehind(copyVersion: number | undefined, serverVersion: number): boolean {
  return copyVersion === undefined || copyVersion < serverVersion;
}
