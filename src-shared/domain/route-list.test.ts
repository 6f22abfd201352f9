import { describe, expect, it } from 'vitest';
import type { ProjectEntry, RouteStatus, RouteSummary } from '../protocol/entities.ts';
import { addDays, mondayOf } from './dates.ts';
import { formatDistance, hoursAndMinutes } from './format.ts';
import { closedSections, closedWindowStart, isOpenRoute, openSections, routeAction, stopCount } from './route-list.ts';

function route(id: number, date: string, status: RouteStatus): RouteSummary {
  return { id, date, status, stop_count: 10, done_count: 3 } as RouteSummary;
}
const project = (name: string, ...routes: RouteSummary[]): ProjectEntry => ({
  project_id: routes[0]!.id,
  project_name: name,
  date: routes[0]!.date,
  routes,
});
const ids = (sections: ReturnType<typeof openSections>) =>
  sections.map((s) => [s.key.kind === 'date' ? s.key.date : s.key.kind, s.routes.map((r) => r.route.id)]);

describe('dates', () => {
  it.each([
    ['2026-11-21', '2026-11-16'], // Saturday
    ['2026-11-22', '2026-11-16'], // Sunday belongs to the week that began on Monday
    ['2026-11-16', '2026-11-16'], // Monday
    ['2027-01-01', '2026-12-28'], // across the year
    ['2024-03-01', '2024-02-26'], // across a leap day
  ])('the Monday of %s is %s', (date, monday) => {
    expect(mondayOf(date)).toBe(monday);
  });
  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('the Closed window: newer than the Monday of last week minus one day', () => {
  it.each([
    ['2026-11-21', '2026-11-09'], // Saturday: last week's Monday
    ['2026-11-16', '2026-11-09'], // Monday
    ['2026-11-22', '2026-11-09'], // Sunday
    ['2027-01-03', '2026-12-21'], // Sunday across the new year
    ['2027-01-04', '2026-12-28'], // Monday across the new year
    ['2026-01-01', '2025-12-22'], // Thursday, first day of the year
  ])('on %s the oldest closed route shown is from %s', (today, from) => {
    expect(closedWindowStart(today)).toBe(from);
    const before = addDays(from, -1);
    const sections = closedSections(
      [project('P', route(1, from, 'finished'), route(2, before, 'finished'), route(3, today, 'finished'))],
      today,
    );
    expect(sections.flatMap((s) => s.routes.map((r) => r.route.id)).sort()).toEqual([1, 3]);
  });
});

describe('New tab', () => {
  const today = '2026-11-21';
  it.each([
    ['in progress, long ago', addDays(today, -30), 'in_progress', true],
    ['optimized, three days ago', addDays(today, -3), 'optimized', true],
    ['planned, three days ago', addDays(today, -3), 'planned', false],
    ['planned, yesterday', addDays(today, -1), 'planned', true],
    ['planned, tomorrow', addDays(today, 1), 'planned', true],
    ['finished today', today, 'finished', false],
  ] as const)('%s → shown: %s', (_name, date, status, shown) => {
    expect(isOpenRoute(route(1, date, status), today)).toBe(shown);
  });

  it('puts In Progress first, Today second, then dates newest first', () => {
    const projects = [
      project('Old', route(1, addDays(today, -3), 'optimized')),
      project('Today', route(2, today, 'optimized'), route(3, today, 'in_progress')),
      project('Tomorrow', route(4, addDays(today, 1), 'optimized')),
      project('Next week', route(5, addDays(today, 7), 'planned')),
      project('Done', route(6, today, 'finished')),
    ];
    expect(ids(openSections(projects, today))).toEqual([
      ['in_progress', [3]],
      ['today', [2]],
      [addDays(today, 7), [5]],
      [addDays(today, 1), [4]],
      [addDays(today, -3), [1]],
    ]);
  });

  it('is empty when there is nothing to show', () => {
    expect(openSections([], today)).toEqual([]);
    expect(openSections([project('Done', route(6, today, 'finished'))], today)).toEqual([]);
  });
});

describe('Closed tab', () => {
  it('shows finished routes only, grouped by date, newest first', () => {
    const today = '2026-11-21';
    const projects = [
      project('A', route(1, addDays(today, -1), 'finished'), route(2, addDays(today, -1), 'finished')),
      project('B', route(3, today, 'finished'), route(4, today, 'in_progress')),
      project('C', route(5, addDays(today, -20), 'finished')),
    ];
    expect(ids(closedSections(projects, today))).toEqual([
      [today, [3]],
      [addDays(today, -1), [1, 2]],
    ]);
  });
});

describe('cards', () => {
  it.each([
    ['in_progress', 'continue', { done: 3, total: 10 }],
    ['finished', 'view', { done: null, total: 10 }],
    ['optimized', 'open', { done: null, total: 10 }],
    ['planned', 'open', { done: null, total: 10 }],
  ] as const)('%s: button %s, count %j', (status, action, count) => {
    expect(routeAction({ status })).toBe(action);
    expect(stopCount(route(1, '2026-11-21', status))).toEqual(count);
  });

  it.each([
    [12_345, 'km', '12'],
    [12_345, 'mi', '8'],
    [800, 'km', '0.8'],
    [800, 'mi', '0.5'],
    [1_500, 'mi', '0.9'],
    [1_610, 'mi', '1'],
    [0, 'km', '0.0'],
    [999, 'km', '1.0'],
  ] as const)('%i m in %s is %s', (metres, unit, value) => {
    expect(formatDistance(metres, unit)).toEqual({ value, unit });
  });

  it.each([
    [0, 0, 0],
    [59 * 60, 0, 59],
    [3600, 1, 0],
    [3600 * 2 + 60 * 5 + 29, 2, 5],
    [3600 * 2 + 60 * 5 + 31, 2, 6],
  ])('%i s is %i h %i min', (seconds, hours, minutes) => {
    expect(hoursAndMinutes(seconds)).toEqual({ hours, minutes });
  });
});
