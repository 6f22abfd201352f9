/**
 * Moving between screens like a native stack: going forward records where the driver came from, so going back
 * pops that history entry instead of pushing a duplicate (the phone's back button then does the same thing as the
 * back arrow). Screens opened directly (a reload, a link) have nothing to pop and replace their entry instead.
 */
import { useLocation } from 'wouter';
import type { ActiveRouteState, LinkSession } from '../../../src-shared/state/app-state.ts';
import { PATHS } from '../../app/paths.ts';
import { afterNextPaint } from '../../platform/after-paint.ts';

interface NavState {
  from?: string;
}

export interface Nav {
  /** Forward to `to`, remembering this screen as the one to come back to; after the tap's feedback has painted. */
  go(to: string): void;
  /** Back to `to`: pops the entry when the driver came from `to`, else replaces the current one. */
  back(to: string): void;
  /** Leaves this screen for good (after sign-in, sign-out, a redirect): no way back to it. */
  replace(to: string): void;
  /** The state wouter's <Link> needs to make a forward link. */
  linkState: NavState;
}

/** The forward move waiting for the next frame (afterNextPaint); a second tap before it only retargets it. */
let pendingGo: { to: string; from: string } | null = null;

export function useNav(): Nav {
  const [location, navigate] = useLocation();
  return {
    go: (to) => {
      const waiting = pendingGo !== null;
      pendingGo = { to, from: location };
      if (waiting) return;
      afterNextPaint(() => {
        const next = pendingGo;
        pendingGo = null;
        if (next) navigate(next.to, { state: { from: next.from } satisfies NavState });
      });
    },
    back: (to) => {
      const state = history.state as NavState | null;
      if (state?.from === to) history.back();
      else navigate(to, { replace: true });
    },
    replace: (to) => navigate(to, { replace: true }),
    linkState: { from: location },
  };
}

/** Where the loaded shared-link route lives. */
export const linkedRoutePath = (link: LinkSession) => PATHS.singleRoute(link.routeId);

/**
 * The route view's main window of the route that is loaded, if any (spec section 2: the account's back arrow
 * "returns to the route when one is loaded"): the route open in the core (which stays loaded while the driver looks
 * at the account or the list) unless it is gone, else the shared link's route.
 */
export function loadedRoutePath(
  route: Pick<ActiveRouteState, 'routeId' | 'shared' | 'lost'> | null,
  link: LinkSession | null,
) {
  // A route that is gone (its link refused, expired) is not loaded: going back would only say so again (issue 45).
  if (route && !route.lost) return route.shared ? PATHS.singleRoute(route.routeId) : PATHS.route(route.routeId);
  return link ? linkedRoutePath(link) : null;
}

const ROUTE_MAIN_WINDOW = /^\/routes\/(?:single\/)?\d+$/;

/** This entry's navigation state, for a move that replaces it (a tab switch) and must keep where it came from. */
export const currentNavState = (): NavState => ({ ...(history.state as NavState | null) });

/** The screen the driver came here from, when it was a route view's main window (not a stop window). */
export function cameFromRouteMain(): string | null {
  const from = (history.state as NavState | null)?.from;
  return from && ROUTE_MAIN_WINDOW.test(from) ? from : null;
}
