/** What the session tells the rest of the core, through the event seam (base/events.ts); core/core-reactions.ts listens. */
export type SessionEvent =
  /** A refresh was refused: the driver's session ended ("You have been logged out automatically"). */
  | { type: 'session/loggedOutAutomatically' }
  /**
   * The server refused the shared link's token (revoked, or expired): nothing renews it. The route it opened says so
   * (a link driver never signed in, so "logged out" would be the wrong words, and the sign-in no way on), and the
   * completions the link's sender (`owner`) still holds for it are kept, parked, as not saved.
   */
  | { type: 'session/linkRefused'; routeId: number; owner: string }
  /** Whatever else holds the driver's data in memory lets go of it (the route list, the open route). */
  | { type: 'session/ended' }
  /** A sign-in just gave the driver a token: what needs only that (the route list) can start now. */
  | { type: 'session/signedIn' };
