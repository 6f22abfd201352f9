/**
 * The route screens' code, loaded on demand (it is not on the path to the first screen), and started early where
 * the app knows a route screen comes next: a start on a route screen's path, or a driver on the password step.
 * The browser's module map makes the screen's own import() later reuse the same download.
 */
import type { Language } from '../../src-shared/domain/settings.ts';
import { preloadRouteMessages } from '../i18n/index.ts';
import { PATHS } from './paths.ts';

export const loadRoutesScreen = () => import('../screens/routes/RoutesScreen.tsx');
export const loadRouteScreen = () => import('../screens/routes/RouteScreen.tsx');

function preload(load: () => Promise<unknown>, language: Language): void {
  load().catch(() => {
    // Offline and never cached: the screen's own load shows the error when it gets there.
  });
  preloadRouteMessages(language);
}

/**
 * When the app opens on a route screen (a reload, a wrapper's deep link), starts downloading its code and strings
 * while the core is still starting, instead of after: on a slow line that is a round trip or two less.
 */
export function preloadScreenFor(pathname: string, language: Language): void {
  if (!pathname.startsWith(PATHS.routes)) return;
  const isList = pathname === PATHS.routes || pathname === PATHS.routesClosed;
  preload(isList ? loadRoutesScreen : loadRouteScreen, language);
}

/** The route list comes after a sign-in: its code and strings download while the driver types the password. */
export function preloadRoutesScreen(language: Language): void {
  preload(loadRoutesScreen, language);
}
