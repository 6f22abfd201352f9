/**
 * The route screens' code, loaded on demand (it is not on the path to the first screen), and started early where
 * the app knows a route screen comes next: a start on a route screen's path, or a driver on the password step.
 *
 * Each screen's code is loaded once and kept: once it and the route strings are in, `lazyRouteScreen` hands it to
 * React.lazy synchronously, so a start on a route screen renders it in the first render (one task, one commit)
 * instead of suspending, committing the loading bar, and rendering the screen again in a retry that time-slices
 * and starts over with every patch the core sends meanwhile (on a low-end phone that was 300 ms of the warm start).
 */
import type { ComponentType } from 'react';
import type { Language } from '../../src-shared/domain/settings.ts';
import { preloadRouteMessages, routeMessagesReady, withRouteMessages } from '../i18n/index.ts';
import { routeScreenAt } from './first-screen.ts';

// biome-ignore lint/suspicious/noExplicitAny: a screen takes its own props; React.lazy types them the same way
type ScreenModule = { default: ComponentType<any> };

export interface ScreenCode<T extends ScreenModule> {
  /** Starts loading (once; again after a failure) and resolves with the module. */
  load(): Promise<T>;
  /** The module, once loaded. */
  loaded(): T | null;
}

function screenCode<T extends ScreenModule>(importer: () => Promise<T>): ScreenCode<T> {
  let module: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load() {
      loading ??= importer().then(
        (loaded) => {
          module = loaded;
          return loaded;
        },
        (error: unknown) => {
          // Offline and never cached: the next attempt (a retry, a later visit) tries again.
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}

export const routesScreen = screenCode(() => import('../screens/routes/RoutesScreen.tsx'));
export const routeScreen = screenCode(() => import('../screens/route-view/RouteScreen.tsx'));

/**
 * For React.lazy: the screen with its strings. When both are in already, a thenable that calls back at once (React
 * marks the lazy component resolved inside `then` and renders it without suspending); else the loads, awaited.
 */
export function lazyRouteScreen<T extends ScreenModule>(code: ScreenCode<T>): Promise<T> {
  const module = code.loaded();
  if (module && routeMessagesReady()) {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is the point: React.lazy calls `then` synchronously
    const settled = { then: (resolve: (value: T) => void) => resolve(module) };
    return settled as unknown as Promise<T>;
  }
  return withRouteMessages(code.load());
}

function preload(code: ScreenCode<ScreenModule>, language: Language): Promise<unknown> {
  preloadRouteMessages(language);
  return code.load();
}

/**
 * When the app opens on a route screen (a reload, a wrapper's deep link), starts downloading its code and strings
 * while the core is still starting, instead of after: on a slow line that is a round trip or two less. Resolves
 * when the code is in (boot waits for it before the first render); null on any other path.
 */
export function preloadScreenFor(pathname: string, language: Language): Promise<unknown> | null {
  const screen = routeScreenAt(pathname);
  if (!screen) return null;
  const loading = preload(screen === 'list' ? routesScreen : routeScreen, language);
  // Boot awaits it only for a signed-in start; else a failure (offline, never cached) is the screen's to show.
  loading.catch(() => {});
  return loading;
}

/** The route list comes after a sign-in: its code and strings download while the driver types the password. */
export function preloadRoutesScreen(language: Language): void {
  preload(routesScreen, language).catch(() => {
    // Offline and never cached: the screen's own load shows the error when it gets there.
  });
}
