/**
 * The core's start: the worker's `prepare` (before the page asks for anything) and the page's `start`, which restores
 * the session, shows what the device kept, and asks the server for the rest without waiting on it.
 */
import type { PlatformInit, WorkerApi } from '../../src-shared/api/worker-api.ts';
import type { RouteListState } from '../../src-shared/state/app-state.ts';
import { loadAppConfig, lookUpLanguage } from '../config/app-config.ts';
import type { CoreContext } from '../core-context.ts';
import { ROUTE_LIST_CACHE } from '../storage/app-db.ts';
import type { CoreServices } from './core-services.ts';
import type { CoreInternals, WorkerDeps } from './worker-deps.ts';

export type AppStart = Pick<WorkerApi, 'start'> & Pick<CoreInternals, 'prepare'>;

/** `fetch`: the platform's, for the trace page's language lookup (not the API: no token goes there). */
export function createAppStart(core: CoreContext, services: CoreServices, fetch: WorkerDeps['fetch']): AppStart {
  const { store } = core;
  const { listAhead, session } = services;
  return {
    prepare(origin) {
      services.origin.set(origin);
      listAhead.prepare();
    },

    async start(init) {
      listAhead.starting();
      services.origin.set(init.baseUrl);
      store.set(['settings'], init.settings);
      store.set(['connectivity'], { online: init.online, visible: init.visible });
      // Starting offline is said at once, as going offline later is.
      if (!init.online) services.notices.notify('no_internet');
      await session.restore(init.link, init.handedTokens);
      // A sign-out the server has not heard of yet (the tab closed, or the phone was offline): said now.
      void session.sendRevocations().catch(() => {});
      // Stale-while-revalidate: a signed-in start shows the list as it was last shown at once (in this very
      // snapshot, so the first paint has it, with or without a network) and asks the server for it right away,
      // not when the screen asks.
      if (store.get().session.status === 'signed_in') {
        const cached = await (await core.storage()).getCache<RouteListState>(ROUTE_LIST_CACHE);
        if (cached) store.set(['routeList'], { ...cached, fromCache: true, refreshing: false });
        listAhead.load();
      }
      listAhead.started();
      void services.waiting.sendWaiting().catch(() => {
        // Offline and the route code never cached: the queue waits for the next start or sign-in.
      });
      await showAppConfig(core, fetch, init);
      return store.snapshot();
    },
  };
}

/** The runtime settings into the state (the kept copy, then the server's), and the language when none was chosen. */
async function showAppConfig(core: CoreContext, fetch: WorkerDeps['fetch'], init: PlatformInit): Promise<void> {
  const { store } = core;
  // The language is looked up once, with the first settings that name the trace page (kept or fresh).
  let languageLookedUp = init.languageChosen;
  await loadAppConfig(core.api, await core.storage(), (config) => {
    store.replace(['appConfig'], config);
    if (languageLookedUp || !config.traceUrl) return;
    languageLookedUp = true;
    void lookUpLanguage(fetch, config.traceUrl).then((language) => {
      store.set(['settings', 'language'], language);
    });
  });
}
