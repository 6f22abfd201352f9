/**
 * Which route screen a start on a path opens: the route list on /routes and /routes/closed, a route on any other
 * /routes/… path; null elsewhere. What boot fetches ahead of the first render (screen-loaders.ts); index.html's
 * early script applies the same rule (platform/early-start.ts, held to it by tests/build/start-early.test.ts).
 */
import { PATHS } from './paths.ts';

export type RouteScreenKind = 'list' | 'route';

export function routeScreenAt(pathname: string): RouteScreenKind | null {
  if (!pathname.startsWith(PATHS.routes)) return null;
  return pathname === PATHS.routes || pathname === PATHS.routesClosed ? 'list' : 'route';
}

/** Per screen, the scripts and styles it needs beyond what the HTML already loads. */
export type ScreenCodeFiles = Record<RouteScreenKind, { js: string[]; css: string[] }>;
