/**
 * The open route's state cut to what each part of the route view reads (issue 47). The mirror has one signal per
 * slice, and the open route is one slice: every patch to any stop notifies whoever reads it. These computed signals
 * each keep their last value while what they select is the same (by identity, or by the shallow comparison each one
 * names), so a stop's change notifies that stop's signal, and the frame, the heading, the order and the numbers only
 * when they moved. A view reads the narrowest of them it needs, under useSignals().
 *
 * Made once per mirror, on first use (routeStateOf): only the route view's chunk loads this file.
 */
import { computed, type ReadonlySignal } from '@preact/signals-core';
import { countToShow, isDone, progress } from '../../src-shared/domain/stops.ts';
import type { Route, Stop } from '../../src-shared/protocol/entities.ts';
import type { ActiveRouteState } from '../../src-shared/state/app-state.ts';
import { diffOps } from '../../src-shared/state/diff.ts';
import type { StateSignals } from './mirror.ts';

/** What the route view shows around its stops; one object while none of these changes. */
export interface RouteFrame {
  routeId: number;
  status: ActiveRouteState['status'];
  /** The route itself is there (from the server or the device's copy). */
  loaded: boolean;
  busy: ActiveRouteState['busy'];
  fromCache: boolean;
  lost: ActiveRouteState['lost'];
  changes: ActiveRouteState['changes'];
  lineIsFallback: boolean;
}

/**
 * What the header shows of the route: its name, done and total stops, distance and time; one object while these
 * stay, so a patch to a stop that changes none of them does not re-render the header.
 */
export interface RouteHeading extends Pick<Route, 'vehicle_name' | 'index' | 'completion_time'> {
  done: number;
  total: number;
  /** Metres. */
  distance: number;
}

/**
 * The route without its stops and without the stamps every stop's change moves (version, updated_at, fetched_at):
 * what the stop windows read of it (its status, its settings, its distances).
 */
export type RouteInfo = Omit<Route, 'stops' | 'version' | 'updated_at' | 'fetched_at'>;

export interface RouteState {
  frame: ReadonlySignal<RouteFrame | null>;
  /** The route without its stops, one object while its own fields stay (a stop's change leaves it). */
  info: ReadonlySignal<RouteInfo | null>;
  heading: ReadonlySignal<RouteHeading | null>;
  /** The stops' ids in the route's order; the same array while the order and the number stay. */
  stopIds: ReadonlySignal<readonly number[]>;
  /** countToShow, by the stops' order (null for start, end and break). */
  numbers: ReadonlySignal<ReadonlyMap<number, number | null>>;
  /** Every stop, each kept by identity while its content is the same (see sameStop). */
  stops: ReadonlySignal<readonly Stop[] | null>;
  /**
   * The stops as the map draws them: the same array while every stop's place, kind, status and name are the same
   * (sameOnMap), so a note or a time window changed by the dispatcher does not redraw the map. Read only those fields.
   */
  mapStops: ReadonlySignal<readonly Stop[] | null>;
  /** The carousel's cards: the stops not done yet, in route order; the same array while they are the same. */
  cardIds: ReadonlySignal<readonly number[]>;
  activeStopId: ReadonlySignal<number | null>;
  /** The route's status (null until loaded): the rows' main actions and the Complete route row depend on it. */
  routeStatus: ReadonlySignal<Route['status'] | null>;
  /** The route is starting: the start stop's button spins. */
  starting: ReadonlySignal<boolean>;
  /** Every stop but the end is done: Complete route is offered. */
  finishing: ReadonlySignal<boolean>;
  unsentStopIds: ReadonlySignal<ReadonlySet<number>>;
  /** Stops of this route whose completion the server refused for good (kept on the device: not saved). */
  parkedStopIds: ReadonlySignal<ReadonlySet<number>>;
  /** The planned line, the same array while its points are. */
  line: ReadonlySignal<readonly [number, number][] | null>;
  /** One stop of the open route, or null when it has none by that id. */
  stop(stopId: number): ReadonlySignal<Stop | null>;
}

const made = new WeakMap<StateSignals, RouteState>();

/** The route state over these signals: one per mirror, made when a view first asks. */
export function routeStateOf(state: StateSignals): RouteState {
  let routeState = made.get(state);
  if (!routeState) {
    routeState = createRouteState(state);
    made.set(state, routeState);
  }
  return routeState;
}

/**
 * A computed that answers its previous value while `same` says the new one equals it: readers are notified only
 * when the selection really changed, though its source changed.
 */
function selected<T>(select: () => T, same: (a: T, b: T) => boolean): ReadonlySignal<T> {
  let last: { value: T } | null = null;
  return computed(() => {
    const next = select();
    if (last && (last.value === next || same(last.value, next))) return last.value;
    last = { value: next };
    return next;
  });
}

/** Equal keys with identical values (null equals null). */
function shallowEqual<T>(a: T, b: T): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function sameItems<T>(a: readonly T[] | null, b: readonly T[] | null): boolean {
  if (a === b) return true;
  return a !== null && b !== null && a.length === b.length && a.every((item, i) => item === b[i]);
}

function sameSet<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item));
}

/**
 * Whether a stop is unchanged: the same object, or deep-equal. The core patches a route's changes in place
 * (store.replace), so unchanged stops already keep their identity and only a changed stop is compared; a route that
 * arrives whole (opened again, reordered, a snapshot re-read) comes as new objects, each compared once.
 */
export function sameStop(a: Stop | null, b: Stop | null): boolean {
  if (a === b) return true;
  return a !== null && b !== null && diffOps([], a, b).length === 0;
}

/** What the map reads of a stop (map/markers.ts, drawn-data.ts, HiddenMarkerButtons.tsx) is the same. */
function sameOnMap(a: Stop, b: Stop): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.type === b.type &&
      a.status === b.status &&
      a.address.lat === b.address.lat &&
      a.address.lng === b.address.lng &&
      a.information.recipient_name === b.information.recipient_name &&
      a.information.street === b.information.street)
  );
}

/** Whether two planned lines are the same points. */
export function sameLine(a: readonly [number, number][] | null, b: readonly [number, number][] | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((p, i) => p[0] === b[i]![0] && p[1] === b[i]![1]);
}

function frameOf(open: ActiveRouteState | null): RouteFrame | null {
  if (!open) return null;
  return {
    routeId: open.routeId,
    status: open.status,
    loaded: open.route !== null,
    busy: open.busy,
    fromCache: open.fromCache,
    lost: open.lost,
    changes: open.changes,
    lineIsFallback: open.lineIsFallback,
  };
}

function headingOf(route: Route | null): RouteHeading | null {
  if (!route) return null;
  const { done, total } = progress(route.stops);
  const { vehicle_name, index, completion_time } = route;
  return { vehicle_name, index, completion_time, done, total, distance: route.distances.total ?? 0 };
}

function infoOf(route: Route | null): RouteInfo | null {
  if (!route) return null;
  const { stops: _stops, version: _version, updated_at: _updated, fetched_at: _fetched, ...info } = route;
  return info;
}

function createRouteState(state: StateSignals): RouteState {
  const route = computed(() => state.route.value?.route ?? null);
  const stops = createStops(route);
  const stopIds = selected(() => stops.value?.map((s) => s.id) ?? [], sameItems);
  const byId = computed(() => new Map((stops.value ?? []).map((s) => [s.id, s])));
  const numbers = selected(
    () => {
      const list = stops.value ?? [];
      const shown = countToShow(list);
      return new Map(list.map((s, i) => [s.id, shown[i] ?? null]));
    },
    (a, b) => a.size === b.size && [...a].every(([id, n]) => b.get(id) === n),
  );
  const perStop = new Map<number, ReadonlySignal<Stop | null>>();
  return {
    frame: selected(() => frameOf(state.route.value), shallowEqual),
    heading: selected(() => headingOf(route.value), shallowEqual),
    info: selected(() => infoOf(route.value), shallowEqual),
    stopIds,
    numbers,
    stops,
    mapStops: selected(
      () => stops.value,
      (a, b) => a !== null && b !== null && a.length === b.length && a.every((s, i) => sameOnMap(s, b[i]!)),
    ),
    cardIds: selected(() => (stops.value ?? []).filter((s) => !isDone(s)).map((s) => s.id), sameItems),
    activeStopId: computed(() => state.route.value?.activeStopId ?? null),
    routeStatus: computed(() => route.value?.status ?? null),
    starting: computed(() => state.route.value?.busy === 'starting'),
    finishing: computed(() => state.route.value?.finishing ?? false),
    unsentStopIds: selected(() => new Set(state.route.value?.unsentStopIds ?? []), sameSet),
    parkedStopIds: selected(() => {
      const routeId = state.route.value?.routeId;
      return new Set(state.outbox.value.parked.filter((p) => p.routeId === routeId).map((p) => p.stopId));
    }, sameSet),
    line: selected(() => state.route.value?.line ?? null, sameLine),
    stop(stopId) {
      let one = perStop.get(stopId);
      if (!one) {
        // A signal per stop id the views asked for: a route's few hundred at most, each a lookup in byId.
        one = computed(() => byId.value.get(stopId) ?? null);
        perStop.set(stopId, one);
      }
      return one;
    },
  };
}

/** The stops with each unchanged one kept as the object it was (sameStop); the previous array when none changed. */
function createStops(route: ReadonlySignal<Route | null>): ReadonlySignal<readonly Stop[] | null> {
  let last: readonly Stop[] | null = null;
  return computed(() => {
    const next = route.value?.stops ?? null;
    if (!next || !last || next === last) {
      last = next;
      return next;
    }
    const before = new Map(last.map((s) => [s.id, s]));
    let same = last.length === next.length;
    const kept = next.map((stop, i) => {
      const old = before.get(stop.id) ?? null;
      const keep = old && sameStop(old, stop) ? old : stop;
      if (keep !== last![i]) same = false;
      return keep;
    });
    last = same ? last : kept;
    return last;
  });
}
