/**
 * One load of the route list: the device's copy shown first when nothing shows yet, then the server's answer grouped
 * for the New and Closed tabs by the shared rules, shown, and kept on the device so the last list still shows
 * offline.
 */

import { okVoid, type Result } from '../../src-shared/api/worker-api.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import { closedSections, openSections } from '../../src-shared/domain/route-list.ts';
import type { ProjectEntry } from '../../src-shared/protocol/entities.ts';
import type { RouteListState } from '../../src-shared/state/app-state.ts';
import type { CoreContext } from '../core-context.ts';
// The list is cached as last shown, grouped: a start restores it into the first snapshot without the grouping code
// (src-worker/core/app-start.ts), and the next answer regroups it for the current day.
import { ROUTE_LIST_CACHE } from '../storage/app-db.ts';
import { listFailure } from './list-failure.ts';
import { type ListAnswer, requestList } from './list-request.ts';
import type { RouteListEvent } from './route-events.ts';

export interface ListFetch {
  /** Loads the list (with the request already sent, if one was); `refresh`: the driver asked, so it says so. */
  fetchList(refresh: boolean, started?: ListAnswer): Promise<Result>;
}

export function createListFetch(core: CoreContext<RouteListEvent>): ListFetch {
  const { store } = core;

  /** The server's projects grouped for today and shown; answers what shows, for the device's copy. */
  function show(projects: ProjectEntry[], fetchedAt: number, fromCache: boolean): RouteListState {
    const today = localDate(new Date(core.now()));
    const next: RouteListState = {
      status: 'ready',
      refreshing: false,
      today,
      sections: { new: openSections(projects, today), closed: closedSections(projects, today) },
      fetchedAt,
      fromCache,
    };
    // A reload mostly finds the same list: only what differs travels.
    store.replace(['routeList'], next);
    return next;
  }

  return {
    async fetchList(refresh, started) {
      const current = store.get().routeList;
      if (current.status === 'idle') {
        const cached = await (await core.storage()).getCache<RouteListState>(ROUTE_LIST_CACHE);
        if (cached) store.replace(['routeList'], { ...cached, fromCache: true, refreshing: false });
        else store.set(['routeList', 'status'], 'loading');
      }
      // Only the flags change here: the sections are not sent again until the new list arrives.
      if (refresh || store.get().routeList.status === 'ready') store.set(['routeList', 'refreshing'], true);
      const res = await (started ?? requestList(core.api));
      store.set(['routeList', 'refreshing'], false);
      if (store.get().routeList.status === 'loading') store.set(['routeList', 'status'], 'idle');
      if (!res.ok) {
        if (res.kind === 'offline') core.emit({ type: 'routeList/offline' });
        return listFailure(res);
      }
      const shown = show(res.data, core.now(), false);
      await (await core.storage()).putCache(ROUTE_LIST_CACHE, shown);
      return okVoid;
    },
  };
}
