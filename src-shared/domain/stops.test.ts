import { describe, expect, it } from 'vitest';
import type { Route, Stop, StopStatus, StopType } from '../protocol/entities.ts';
import { directionsUrl } from './links.ts';
import {
  actionBlock,
  allWorkDone,
  countToShow,
  isCompletable,
  nextActiveStop,
  progress,
  punctuality,
  rowTime,
  startTooEarly,
  stopName,
  unitName,
  unitTotal,
} from './stops.ts';

let seq = 0;
function stop(type: StopType, status: StopStatus = 'pending', extra: Partial<Stop> = {}): Stop {
  return {
    id: ++seq,
    type,
    status,
    address: { lat: 52.1, lng: 5.1 },
    information: { street: null, city: null, country: null, recipient_name: null, recipient_phone: null, notes: null },
    ...extra,
  } as Stop;
}
/** A route from a compact notation: S start, D delivery, P pickup, B break, E end; lower case = done. */
function route(shape: string, status: Route['status'] = 'in_progress', anyOrder = false) {
  const types: Record<string, StopType> = { s: 'start', d: 'delivery', p: 'pickup', b: 'break', e: 'end' };
  const stops = [...shape].map((c) => stop(types[c.toLowerCase()]!, c === c.toLowerCase() ? 'finished' : 'pending'));
  return { status, stops, publication_settings: { fulfill_stops_in_any_order: anyOrder } };
}

describe('numbering', () => {
  it('countToShow skips break, start and end', () => {
    expect(countToShow(route('SDDBPDE').stops)).toEqual([null, 1, 2, null, 3, 4, null]);
  });
  it.each([
    [{ recipient_name: 'Anna', street: 'Oudegracht 1' }, 'Anna'],
    [{ recipient_name: '  ', street: 'Oudegracht 1' }, 'Oudegracht 1'],
    [{ recipient_name: null, street: null }, '52.10000, 5.10000'],
  ])('the name of %j is %s', (information, name) => {
    expect(stopName(stop('delivery', 'pending', { information: information as Stop['information'] }))).toBe(name);
  });
  it('units: the name before a plus, summed quantities', () => {
    expect(unitName({ name: 'Parcel+Fragile' })).toBe('Parcel');
    expect(unitName({ name: 'Crate' })).toBe('Crate');
    expect(unitTotal([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
  });
});

describe('early and late', () => {
  const window = (earliest: number, latest: number) => [{ earliest, latest }];
  it.each([
    [9 * 3600, window(8 * 3600, 10 * 3600), 'on_time'],
    [7 * 3600, window(8 * 3600, 10 * 3600), 'early'],
    [11 * 3600, window(8 * 3600, 10 * 3600), 'late'],
    [10 * 3600, window(8 * 3600, 10 * 3600), 'on_time'],
    [0, window(8 * 3600, 10 * 3600), 'on_time'], // arrival zero is never early
    [7 * 3600, window(0, 86_340), 'no_window'], // 0..86340 means no window
    [7 * 3600, [], 'no_window'],
    [null, window(8 * 3600, 10 * 3600), 'no_window'],
    [13 * 3600, [...window(8 * 3600, 10 * 3600), ...window(12 * 3600, 14 * 3600)], 'on_time'],
    [11 * 3600, [...window(8 * 3600, 10 * 3600), ...window(12 * 3600, 14 * 3600)], 'early'],
    [15 * 3600, [...window(8 * 3600, 10 * 3600), ...window(12 * 3600, 14 * 3600)], 'late'],
  ] as const)('arriving at %s with %j is %s', (arrival, windows, expected) => {
    expect(punctuality(arrival, windows)).toBe(expected);
  });
});

describe('what blocks an action', () => {
  const on = (shape: string, index: number, status: Route['status'] = 'in_progress', anyOrder = false) => {
    const r = route(shape, status, anyOrder);
    return actionBlock(r, r.stops[index]!.id);
  };
  it.each([
    ['sDDE', 1, 'optimized', false, { kind: 'not_started' }],
    ['sdde', 1, 'finished', false, { kind: 'route_finished' }],
    ['sDDE', 1, 'in_progress', false, null],
    ['sDDE', 2, 'in_progress', false, { kind: 'earlier_stop', number: 1 }],
    ['sdDDE', 3, 'in_progress', false, { kind: 'earlier_stop', number: 2 }],
    ['sdDdDE', 4, 'in_progress', false, { kind: 'earlier_stop', number: 2 }], // the first earlier open stop
    ['sdBDE', 3, 'in_progress', false, { kind: 'break_first' }],
    ['sDDE', 2, 'in_progress', true, null], // any-order mode
    ['sdBDE', 3, 'in_progress', true, null],
    ['sdDE', 3, 'in_progress', false, { kind: 'complete_all_first' }], // the end stop comes last
    ['sdDE', 3, 'in_progress', true, { kind: 'complete_all_first' }], // also in any order
    ['sddE', 3, 'in_progress', false, null],
    ['SDDE', 1, 'in_progress', false, null], // a pending start stop never blocks
  ] as const)('%s, stop %i, route %s, any order %s → %j', (shape, index, status, anyOrder, expected) => {
    expect(on(shape, index, status, anyOrder)).toEqual(expected);
  });
});

describe('progress', () => {
  it('the next active stop is the next open one after it, else the first open one', () => {
    const r = route('sdDdDE');
    expect(nextActiveStop(r.stops, r.stops[1]!.id)).toBe(r.stops[2]!.id);
    expect(nextActiveStop(r.stops, r.stops[2]!.id)).toBe(r.stops[4]!.id);
    expect(nextActiveStop(r.stops, r.stops[4]!.id)).toBe(r.stops[5]!.id);
    const wrap = route('sDdde');
    expect(nextActiveStop(wrap.stops, wrap.stops[3]!.id)).toBe(wrap.stops[1]!.id);
    expect(nextActiveStop(route('sdde').stops, null)).toBeNull();
  });
  it('all work is done when every stop but the end is finished or skipped', () => {
    expect(allWorkDone(route('sddE').stops)).toBe(true);
    expect(allWorkDone(route('sdDE').stops)).toBe(false);
    expect(allWorkDone(route('sdbE').stops)).toBe(true);
  });
  it('counts done of total without start and end', () => {
    expect(progress(route('sdDbE').stops)).toEqual({ done: 2, total: 3 });
  });
  it.each([
    ['2026-11-22', '2026-11-21', true],
    ['2026-11-21', '2026-11-21', false],
    ['2026-11-20', '2026-11-21', false],
    ['2027-01-01', '2026-12-31', true],
  ])('project date %s on %s: too early %s', (date, today, expected) => {
    expect(startTooEarly(date, today)).toBe(expected);
  });
});

describe('links', () => {
  const to = { lat: 52.0907, lng: 5.1214 };
  it.each([
    ['google', 'https://www.google.com/maps/dir/?api=1&destination=52.0907,5.1214&travelmode=driving'],
    ['waze', 'https://waze.com/ul?ll=52.0907,5.1214&navigate=yes'],
    ['apple', 'https://maps.apple.com/?daddr=52.0907,5.1214&dirflg=d'],
    ['yandex', 'https://yandex.com/maps/?rtext=~52.0907,5.1214&rtt=auto'],
  ] as const)('%s: %s', (app, url) => {
    expect(directionsUrl(app, to)).toBe(url);
  });
});

describe('the time a row shows', () => {
  const at = (h: number, m: number) => h * 3600 + m * 60;
  it.each<[string, StopType, StopStatus, number | null, number | null, ReturnType<typeof rowTime>]>([
    [
      'a start not started yet: its planned time',
      'start',
      'pending',
      at(8, 0),
      null,
      { seconds: at(8, 0), kind: 'planned' },
    ],
    [
      'a started route’s start: when it started',
      'start',
      'finished',
      at(8, 0),
      at(9, 31),
      { seconds: at(9, 31), kind: 'started' },
    ],
    [
      'a started start with no finish time (an old copy): planned',
      'start',
      'finished',
      at(8, 0),
      null,
      { seconds: at(8, 0), kind: 'planned' },
    ],
    [
      'a delivery done: still its planned arrival',
      'delivery',
      'finished',
      at(10, 0),
      at(10, 7),
      { seconds: at(10, 0), kind: 'planned' },
    ],
    ['a pending delivery', 'delivery', 'pending', at(10, 0), null, { seconds: at(10, 0), kind: 'planned' }],
    ['nothing planned', 'delivery', 'pending', null, null, null],
  ])('%s', (_name, type, status, arrTime, finishTime, expected) => {
    expect(rowTime(stop(type, status, { arr_time: arrTime, finish_time: finishTime }))).toEqual(expected);
  });
});

describe('isCompletable', () => {
  it.each([
    ['pickup', true],
    ['delivery', true],
    ['break', false],
    ['start', false],
    ['end', false],
  ] as const)('%s: %s', (type, completable) => {
    expect(isCompletable({ type })).toBe(completable);
  });
});
