/**
 * What the rest of the core does when the session changes (session.ts tells it through SessionEvents): a sign-in
 * asks for the route list at once, the session's end lets go of the driver's routes and photos, and the driver is
 * told of an automatic logout.
 */
import type { ListAhead } from '../routes/list-ahead.ts';
import type { SessionEvents } from '../session/session-events.ts';
import type { LazyRouteFeatures } from './lazy-route-features.ts';
import type { Notices } from './notices.ts';
import type { ProofMedia } from './proof-media.ts';

export interface SessionReactionDeps {
  notices: Notices;
  routeFeatures: LazyRouteFeatures;
  listAhead: ListAhead;
  proofMedia: ProofMedia;
}

export function createSessionReactions(deps: SessionReactionDeps): SessionEvents {
  return {
    loggedOutAutomatically: () => deps.notices.notify('logged_out_automatically'),
    linkRefused: (routeId, owner) => deps.routeFeatures.linkRefused(routeId, owner),
    ended() {
      deps.routeFeatures.sessionEnded();
      deps.proofMedia.forget();
    },
    signedIn: () => deps.listAhead.load(),
  };
}
