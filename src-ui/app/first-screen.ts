/**
 * Which route screen a start on a path opens: the one rule for what is fetched ahead of it (the route list on
 * /routes and /routes/closed, a route on any other /routes/… path; null elsewhere). Used before the main module
 * runs (src-ui/start-early.ts) and by it (screen-loaders.ts), so it imports nothing but the paths.
 */
import { PATHS } from './paths.ts';

export type RouteScreenKind = 'list' | 'route';

export function routeScreenAt(pathname: string): RouteScreenKind | null {
  if (!pathname.startsWith(PATHS.routes)) return null;
  return pathname === PATHS.routes || pathname === PATHS.routesClosed ? 'list' : 'route';
}

/** The meta element in which the build names each route screen's files (scripts/start-early.ts). */
export const SCREEN_CODE_META = 'droplane-screen-code';

/** Per screen, the scripts and styles it needs beyond what the HTML already loads. */
export type ScreenCodeFiles = Record<RouteScreenKind, { js: string[]; css: string[] }>;
