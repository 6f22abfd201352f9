/**
 * The core's start: the worker's `prepare` (before the page asks for anything) and the page's `start`, which restores
 * the session, shows what the device kept, and asks the server for the rest without waiting on it.
 */
import type { PlatformInit, WorkerApi } from '../../src-shared/api/worker-api.ts';
import type { RouteListState } from '../../src-shared/state/app-state.ts';
import type { Store } from '../base/store.ts';
import { loadAppConfig, lookUpLanguage } from '../config/app-config.ts';
import type { ApiClient } from '../net/api-client.ts';
import type { ListAhead } from '../routes/list-ahead.ts';
import type { Session } from '../session/session.ts';
import { type AppStorage, ROUTE_LIST_CACHE } from '../storage/app-db.ts';
import type { LazyRouteFeatures } from './lazy-route-features.ts';
import type { Notices } from './notices.ts';
import type { ServerOrigin } from './server-origin.ts';
import type { CoreInternals } from './worker-deps.ts';

export interface AppStartDeps {
  fetch: typeof fetch;
  store: Store;
  storage: () => Promise<AppStorage>;
  api: ApiClient;
  origin: ServerOrigin;
  notices: Notices;
  session: Session;
  listAhead: ListAhead;
  routeFeatures: LazyRouteFeatures;
}

export type AppStart = Pick<WorkerApi, 'start'> & Pick<CoreInternals, 'prepare'>;

export function createAppStart(deps: AppStartDeps): AppStart {
  const { store, listAhead } = deps;
  return {
    prepare(origin) {
      deps.origin.set(origin);
      listAhead.prepare();
    },

    async start(init) {
      listAhead.starting();
      deps.origin.set(init.baseUrl);
      store.set(['settings'], init.settings);
      store.set(['connectivity'], { online: init.online, visible: init.visible });
      // Starting offline is said at once, as going offline later is.
      if (!init.online) deps.notices.notify('no_internet');
      await deps.session.restore(init.link, init.handedTokens);
      // A sign-out the server has not heard of yet (the tab closed, or the phone was offline): said now.
      void deps.session.sendRevocations().catch(() => {});
      // Stale-while-revalidate: a signed-in start shows the list as it was last shown at once (in this very
      // snapshot, so the first paint has it, with or without a network) and asks the server for it right away,
      // not when the screen asks.
      if (store.get().session.status === 'signed_in') {
        const cached = await (await deps.storage()).getCache<RouteListState>(ROUTE_LIST_CACHE);
        if (cached) store.set(['routeList'], { ...cached, fromCache: true, refreshing: false });
        listAhead.load();
      }
      listAhead.started();
      void deps.routeFeatures.sendWaiting().catch(() => {
        // Offline and the route code never cached: the queue waits for the next start or sign-in.
      });
      await showAppConfig(deps, init);
      return store.snapshot();
    },
  };
}

/** The runtime settings into the state (the kept copy, then the server's), and the language when none was chosen. */
async function showAppConfig(deps: AppStartDeps, init: PlatformInit): Promise<void> {
  const { store } = deps;
  // The language is looked up once, with the first settings that name the trace page (kept or fresh).
  let languageLookedUp = init.languageChosen;
  await loadAppConfig(deps.api, await deps.storage(), (config) => {
    store.replace(['appConfig'], config);
    if (languageLookedUp || !config.traceUrl) return;
    languageLookedUp = true;
    void lookUpLanguage(deps.fetch, config.traceUrl).then((language) => {
      store.set(['settings', 'language'], language);
    });
  });
}
