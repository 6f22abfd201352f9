/**
 * The route list asked for ahead of its screen: as soon as there is a token (a signed-in start, a sign-in), and in
 * the worker even before the page's start (`prepare`, with the stored session: list-request.ts). The screen's own
 * first load then takes this answer instead of asking again (route-list.ts `loadAhead`).
 */
import type { Store } from '../base/store.ts';
import type { ApiClient } from '../net/api-client.ts';
import type { AppStorage } from '../storage/app-db.ts';
import { type EarlyList, earlyListRequest, listAnswerFor } from './list-request.ts';
import type { RouteFeatures } from './route-features.ts';

export interface ListAheadDeps {
  /** Set once the client exists: it is made after the session, whose sign-in asks for the list. */
  api: () => ApiClient;
  store: Store;
  accessToken: () => string | null;
  storage: () => Promise<AppStorage>;
  now: () => number;
  routeFeatures: () => Promise<RouteFeatures>;
  /** Downloads the route features' code without creating them (that waits for the page's start). */
  routesCode: () => Promise<unknown>;
}

export function createListAhead(deps: ListAheadDeps) {
  /** The page's start has come: prepare no longer sends anything ahead. */
  let started = false;
  let early: EarlyList | null = null;

  return {
    /** Before the page's start: with a driver's session stored, the list's request goes out now. */
    prepare(): void {
      if (started) return;
      void deps
        .storage()
        .then((storage) => storage.getDriver())
        .then((stored) => {
          if (started) return;
          early = earlyListRequest(deps.api(), stored ?? null, deps.now());
          // A signed-in start shows the list, which the route features make of the answer: their code comes
          // beside it, not one round trip after the page's start (a cold start on a slow line).
          if (stored) void deps.routesCode().catch(() => {});
        })
        .catch(() => {
          // Storage unreadable: the start says so; nothing is sent ahead.
        });
    },

    /** The page's start has come: from now on the list is asked for by `load` only. */
    starting(): void {
      started = true;
    },

    /** The start has restored its session: an early answer not taken by now was not this session's. */
    started(): void {
      early = null;
    },

    /**
     * Asks now (or takes prepare's answer for this very session), not once the list's code has loaded: the chunk
     * and the answer come over the line side by side.
     */
    load(): void {
      const answer = listAnswerFor(deps.api(), early, {
        driverId: deps.store.get().session.driver?.id ?? null,
        token: deps.accessToken(),
      });
      early = null;
      void deps
        .routeFeatures()
        .then((r) => r.routeList.loadAhead(answer))
        .catch(() => {
          // Offline and the route code never cached: the list screen says so when it loads.
        });
    },
  };
}

export type ListAhead = ReturnType<typeof createListAhead>;
