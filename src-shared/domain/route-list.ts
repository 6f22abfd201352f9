/**
 * The route list's rules (spec section 2 "Route list", section 9): which routes each tab shows, under which
 * heading, in which order. Dates are the projects' YYYY-MM-DD dates compared with the device's today.
 */
import type { ProjectEntry, RouteSummary } from '../protocol/entities.ts';
import { addDays, mondayOf } from './dates.ts';

export type SectionKey = { kind: 'in_progress' } | { kind: 'today' } | { kind: 'date'; date: string };

export interface RouteCardData {
  route: RouteSummary;
  projectName: string;
}

export interface RouteSection {
  key: SectionKey;
  routes: RouteCardData[];
}

export type RouteTab = 'new' | 'closed';

function cards(projects: readonly ProjectEntry[]): RouteCardData[] {
  return projects.flatMap((p) => p.routes.map((route) => ({ route, projectName: p.project_name })));
}

/** Dated headings newest first; routes inside a heading keep the server's order (project, then index). */
function byDate(items: RouteCardData[]): RouteSection[] {
  const groups = new Map<string, RouteCardData[]>();
  for (const item of items) {
    const list = groups.get(item.route.date);
    if (list) list.push(item);
    else groups.set(item.route.date, [item]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([date, routes]) => ({ key: { kind: 'date', date }, routes }));
}

/** Whether a route belongs on the New tab: not finished, and a not-started one from before yesterday only if optimized. */
export function isOpenRoute(route: RouteSummary, today: string): boolean {
  if (route.status === 'finished') return false;
  if (route.status === 'in_progress') return true;
  return route.date >= addDays(today, -1) || route.status === 'optimized';
}

/** New tab: In Progress first, Today second, then dated headings newest first. */
export function openSections(projects: readonly ProjectEntry[], today: string): RouteSection[] {
  const open = cards(projects).filter((c) => isOpenRoute(c.route, today));
  const inProgress = open.filter((c) => c.route.status === 'in_progress');
  const todays = open.filter((c) => c.route.status !== 'in_progress' && c.route.date === today);
  const others = open.filter((c) => c.route.status !== 'in_progress' && c.route.date !== today);
  const sections: RouteSection[] = [];
  if (inProgress.length) sections.push({ key: { kind: 'in_progress' }, routes: inProgress });
  if (todays.length) sections.push({ key: { kind: 'today' }, routes: todays });
  return [...sections, ...byDate(others)];
}

/** The oldest date the Closed tab keeps: the Monday of last week (routes newer than that Monday minus one day). */
export function closedWindowStart(today: string): string {
  return addDays(mondayOf(today), -7);
}

/** Closed tab: finished routes inside the window, grouped by date, newest first. */
export function closedSections(projects: readonly ProjectEntry[], today: string): RouteSection[] {
  const from = closedWindowStart(today);
  return byDate(cards(projects).filter((c) => c.route.status === 'finished' && c.route.date >= from));
}

export type RouteAction = 'continue' | 'view' | 'open';

/** The card's button: Continue route (in progress), View stops (finished), Open route (otherwise). */
export function routeAction(route: Pick<RouteSummary, 'status'>): RouteAction {
  if (route.status === 'in_progress') return 'continue';
  if (route.status === 'finished') return 'view';
  return 'open';
}

/** Stops without start and end; while in progress, how many of them are done. */
export function stopCount(route: Pick<RouteSummary, 'status' | 'stop_count' | 'done_count'>): {
  done: number | null;
  total: number;
} {
  return { done: route.status === 'in_progress' ? route.done_count : null, total: route.stop_count };
}
