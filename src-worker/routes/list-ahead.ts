/**
 * The route list asked for ahead of its screen: as soon as there is a token (a signed-in start, a sign-in), and in
 * the worker even before the page's start (`prepare`, with the stored session: list-request.ts). The screen's own
 * first load then takes this answer instead of asking again (route-list.ts `loadAhead`).
 */

import type { LazyRouteFeatures } from '../core/lazy-route-features.ts';
import type { CoreContext } from '../core-context.ts';
import type { Session } from '../session/session.ts';
import { type EarlyList, earlyListRequest, listAnswerFor } from './list-request.ts';

export interface ListAhead {
  /** Before the page's start: with a driver's session stored, the list's request goes out now. */
  prepare(): void;
  /** The page's start has come: from now on the list is asked for by `load` only. */
  starting(): void;
  /** The start has restored its session: an early answer not taken by now was not this session's. */
  started(): void;
  /** Asks now (or takes prepare's answer for this very session), not once the list's code has loaded. */
  load(): void;
}

/** `routes`: the route list is theirs; their code is fetched beside an early request (`code`), made at the start. */
export function createListAhead(
  core: CoreContext,
  session: Pick<Session, 'accessToken'>,
  routes: LazyRouteFeatures,
): ListAhead {
  /** The page's start has come: prepare no longer sends anything ahead. */
  let started = false;
  let early: EarlyList | null = null;

  return {
    prepare() {
      if (started) return;
      void core
        .storage()
        .then((storage) => storage.getDriver())
        .then((stored) => {
          if (started) return;
          early = earlyListRequest(core.api, stored ?? null, core.now());
          // A signed-in start shows the list, which the route features make of the answer: their code comes
          // beside it, not one round trip after the page's start (a cold start on a slow line).
          if (stored) void routes.code().catch(() => {});
        })
        .catch(() => {
          // Storage unreadable: the start says so; nothing is sent ahead.
        });
    },

    starting() {
      started = true;
    },

    started() {
      early = null;
    },

    load() {
      const answer = listAnswerFor(core.api, early, {
        driverId: core.store.get().session.driver?.id ?? null,
        token: session.accessToken(),
      });
      early = null;
      void routes
        .get()
        .then((r) => r.routeList.loadAhead(answer))
        .catch(() => {
          // Offline and the route code never cached: the list screen says so when it loads.
        });
    },
  };
}
