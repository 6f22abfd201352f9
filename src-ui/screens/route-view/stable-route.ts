/**
 * The core patches a route's changes in place (store.replace), so unchanged stops already keep their identity; but a
 * route that arrives whole (opened again, reordered by the dispatcher, read from the device's copy) comes as new
 * objects. These keep what did not change as it was: each stop whose content is the same stays the very object the rows and the map already
 * have, so a selection re-renders two rows instead of every row, and the map keeps its markers' data and its line.
 */
import { useRef } from 'react';
import type { Stop } from '../../../src-shared/protocol/entities.ts';

/** What changes when a stop changes: the server stamps updated_at; the device's own outcome changes status. */
const signature = (s: Stop) => `${s.updated_at}|${s.status}|${s.arr_time}|${s.end_time}|${s.finish_time}`;

/** `next` with each unchanged stop replaced by its object in `previous`; `previous` itself when nothing changed. */
export function stableStops(previous: Stop[] | null, next: Stop[]): Stop[] {
  if (!previous || previous === next) return next;
  const before = new Map(previous.map((s) => [s.id, s]));
  let same = previous.length === next.length;
  const out = next.map((stop, i) => {
    const old = before.get(stop.id);
    const kept = old && signature(old) === signature(stop) ? old : stop;
    if (kept !== previous[i]) same = false;
    return kept;
  });
  return same ? previous : out;
}

/** Whether two planned lines are the same points. */
export function sameLine(a: readonly [number, number][] | null, b: readonly [number, number][] | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((p, i) => p[0] === b[i]![0] && p[1] === b[i]![1]);
}

/** Keeps the last value while `same` says the new one equals it. */
export function useStable<T>(value: T, same: (a: T, b: T) => boolean): T {
  const last = useRef(value);
  if (last.current !== value && !same(last.current, value)) last.current = value;
  return last.current;
}

/** The stops, with unchanged ones kept from the last render. */
export function useStableStops(stops: Stop[] | null): Stop[] | null {
  const last = useRef<Stop[] | null>(null);
  if (stops === null) return null;
  last.current = stableStops(last.current, stops);
  return last.current;
}
