/** What the session tells the rest of the core (src-worker/core/session-reactions.ts). */
export interface SessionEvents {
  /** A refresh was refused: the driver's session ended ("You have been logged out automatically"). */
  loggedOutAutomatically(): void;
  /**
   * The server refused the shared link's token (revoked, or expired): nothing renews it. The route it opened says so
   * (a link driver never signed in, so "logged out" would be the wrong words, and the sign-in no way on), and the
   * completions the link's sender (`owner`) still holds for it are kept, parked, as not saved.
   */
  linkRefused(routeId: number, owner: string): void;
  /** Whatever else holds the driver's data in memory lets go of it (the route list, the open route). */
  ended(): void;
  /** A sign-in just gave the driver a token: what needs only that (the route list) can start now. */
  signedIn(): void;
}
