/**
 * The route state's signals over a real mirror fed real patches: each notifies only when what it selects changed
 * (issue 47), and a route that arrives whole keeps its unchanged stops by identity.
 */
import { effect, type ReadonlySignal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import type { Route, Stop } from '../../src-shared/protocol/entities.ts';
import { type ActiveRouteState, initialState } from '../../src-shared/state/app-state.ts';
import type { PatchOp } from '../../src-shared/state/patch.ts';
import { StateMirror } from './mirror.ts';
import { routeStateOf, sameLine, sameStop } from './route-state.ts';

const stop = (id: number, change: Partial<Stop> = {}) =>
  ({
    id,
    type: 'delivery',
    status: 'pending',
    arr_time: 100 * id,
    end_time: 100 * id + 60,
    finish_time: null,
    updated_at: '2026-01-01T08:00:00Z',
    notes: null,
    ...change,
  }) as unknown as Stop;

const route = (stops: Stop[]): Route =>
  ({
    id: 7,
    status: 'in_progress',
    index: 1,
    vehicle_name: 'Van',
    completion_time: 3600,
    distances: { total: 1000 },
    stops,
  }) as unknown as Route;

const open = (stops: Stop[]): ActiveRouteState => ({
  routeId: 7,
  shared: false,
  status: 'ready',
  route: route(stops),
  line: [
    [5, 52],
    [5.1, 52.1],
  ],
  lineIsFallback: false,
  activeStopId: 1,
  unsentStopIds: [],
  busy: null,
  finishing: false,
  fromCache: false,
  lost: null,
  changes: null,
});

function setup() {
  const mirror = new StateMirror({
    version: 0,
    state: { ...initialState(), route: open([stop(1), stop(2), stop(3)]) },
  });
  let version = 0;
  const patch = (...ops: PatchOp[]) => expect(mirror.apply({ version: ++version, ops })).toBe('applied');
  return { mirror, routeState: routeStateOf(mirror.state), patch };
}

/** How many times each signal notified after its first read. */
function notifications(signals: Record<string, ReadonlySignal<unknown>>) {
  const counts: Record<string, number> = {};
  for (const [name, s] of Object.entries(signals)) {
    counts[name] = -1;
    effect(() => {
      s.value;
      counts[name]!++;
    });
  }
  return counts;
}

describe('route state', () => {
  it("a stop's change notifies that stop alone, not the frame, the order, the numbers or another stop", () => {
    const { routeState, patch } = setup();
    const counts = notifications({
      frame: routeState.frame,
      heading: routeState.heading,
      stopIds: routeState.stopIds,
      numbers: routeState.numbers,
      stop1: routeState.stop(1),
      stop3: routeState.stop(3),
    });
    patch({ op: 'set', path: ['route', 'route', 'stops', 2, 'notes'], value: 'Ring twice' });
    expect(counts).toEqual({ frame: 0, heading: 0, stopIds: 0, numbers: 0, stop1: 0, stop3: 1 });
    expect((routeState.stop(3).value as Stop & { notes: string }).notes).toBe('Ring twice');
  });

  it('a completion notifies the heading and the stop, a new active stop and unsent mark their signals', () => {
    const { routeState, patch } = setup();
    const counts = notifications({
      frame: routeState.frame,
      heading: routeState.heading,
      active: routeState.activeStopId,
      unsent: routeState.unsentStopIds,
      stop1: routeState.stop(1),
      stop2: routeState.stop(2),
    });
    patch(
      { op: 'set', path: ['route', 'route', 'stops', 0, 'status'], value: 'finished' },
      { op: 'set', path: ['route', 'activeStopId'], value: 2 },
      { op: 'set', path: ['route', 'unsentStopIds'], value: [1] },
    );
    // Not the frame: the header reads the unsent marks from their own signal.
    expect(counts).toEqual({ frame: 0, heading: 1, active: 1, unsent: 1, stop1: 1, stop2: 0 });
    expect(routeState.heading.value).toMatchObject({ done: 1, total: 3 });
  });

  it("the route's status and its finishing notify their own signals, not the frame the route view reads", () => {
    const { routeState, patch } = setup();
    const counts = notifications({
      frame: routeState.frame,
      routeStatus: routeState.routeStatus,
      finishing: routeState.finishing,
    });
    patch({ op: 'set', path: ['route', 'finishing'], value: true });
    patch({ op: 'set', path: ['route', 'route', 'status'], value: 'finished' });
    expect(counts).toEqual({ frame: 0, routeStatus: 1, finishing: 1 });
    expect(routeState.routeStatus.value).toBe('finished');
  });

  it('a route that arrives whole keeps its unchanged stops and line by identity', () => {
    const { routeState, patch } = setup();
    const before = routeState.stops.value!;
    const line = routeState.line.value;
    const counts = notifications({ stops: routeState.stops, stop2: routeState.stop(2), line: routeState.line });
    patch({ op: 'set', path: ['route'], value: open([stop(1), stop(2), stop(3, { status: 'skipped' })]) });
    expect(counts).toEqual({ stops: 1, stop2: 0, line: 0 });
    expect(routeState.stops.value![0]).toBe(before[0]);
    expect(routeState.stops.value![2]!.status).toBe('skipped');
    expect(routeState.line.value).toBe(line);
  });

  it('follows a new order: the order and numbers notify, the stops keep their objects', () => {
    const { routeState, patch } = setup();
    const first = routeState.stop(1).value;
    patch({ op: 'set', path: ['route', 'route', 'stops'], value: [stop(3), stop(1), stop(2, { type: 'break' })] });
    expect(routeState.stopIds.value).toEqual([3, 1, 2]);
    expect([...routeState.numbers.value]).toEqual([
      [3, 1],
      [1, 2],
      [2, null],
    ]);
    expect(routeState.stop(1).value).toBe(first);
  });

  it('answers nothing once the route is closed', () => {
    const { routeState, patch } = setup();
    patch({ op: 'set', path: ['route'], value: null });
    expect(routeState.frame.value).toBeNull();
    expect(routeState.stop(1).value).toBeNull();
    expect(routeState.stopIds.value).toEqual([]);
  });
});

describe('sameStop and sameLine', () => {
  it('a stop is the same while every field is', () => {
    expect(sameStop(stop(1), stop(1))).toBe(true);
    expect(sameStop(stop(1), stop(1, { updated_at: '2026-01-01T09:00:00Z' }))).toBe(false);
    expect(sameStop(stop(1), stop(1, { arr_time: 999 }))).toBe(false);
    expect(sameStop(stop(1), stop(1, { completion_note: 'Left at the door' }))).toBe(false);
    expect(sameStop(stop(1), null)).toBe(false);
  });

  it('a line is the same while its points are', () => {
    expect(sameLine(null, null)).toBe(true);
    expect(sameLine([[1, 2]], null)).toBe(false);
    expect(sameLine([[1, 2]], [[1, 2]])).toBe(true);
    expect(sameLine([[1, 2]], [[1, 3]])).toBe(false);
  });
});
