import { describe, expect, it } from 'vitest';
import type { Stop, StopStatus, StopType } from '../../src-shared/protocol/entities.ts';
import { rgba } from './map-data.ts';
import {
  ACTIVE_MARKER_RADIUS,
  DONE_ALPHA,
  DONE_MARKER_RADIUS,
  focusMarkers,
  MARKER_RADIUS,
  markerData,
  nextStopId,
  roundTrip,
} from './markers.ts';

let seq = 0;
function stop(
  type: StopType,
  status: StopStatus = 'pending',
  at: [number, number] = [5.1, 52.1],
  extra: Partial<Stop> = {},
) {
  return {
    id: ++seq,
    type,
    status,
    address: { lng: at[0], lat: at[1] },
    information: { street: null, city: null, country: null, recipient_name: null, recipient_phone: null, notes: null },
    ...extra,
  } as Stop;
}

const route = () => [
  stop('start', 'finished', [5.0, 52.0]),
  stop('delivery', 'finished', [5.1, 52.0]),
  stop('delivery', 'skipped', [5.2, 52.0]),
  stop('break', 'pending', [5.3, 52.0]),
  stop('pickup', 'pending', [5.4, 52.0], {
    information: {
      street: 'Oudegracht 1',
      city: null,
      country: null,
      recipient_name: 'Anna',
      recipient_phone: null,
      notes: null,
    },
  }),
  stop('delivery', 'pending', [0, 0]),
  stop('delivery', 'pending', [5.5, 52.0]),
  stop('end', 'pending', [5.6, 52.0]),
];

describe('markerData', () => {
  it('numbers with countToShow; break, start and end are icons named after the stop', () => {
    const stops = route();
    const byId = new Map(markerData(stops).map((m) => [m.id, m]));
    expect(stops.map((s) => byId.get(s.id)?.kind ?? null)).toEqual([
      'start',
      'number',
      'number',
      'break',
      'number',
      null, // 0,0: no marker, but it keeps its number (4)
      'number',
      'end',
    ]);
    expect(stops.map((s) => byId.get(s.id)?.text ?? null)).toEqual(['', '1', '2', '', '3', null, '5', '']);
    expect(byId.get(stops[4]!.id)!.name).toBe('3');
    expect(byId.get(stops[0]!.id)!.name).toBe('52.00000, 5.00000');
    expect(byId.get(stops[6]!.id)!.position).toEqual([5.5, 52.0]);
  });

  it('draws done stops first, then pending in route order; every marker at rest', () => {
    const stops = route();
    const markers = markerData(stops);
    expect(markers.map((m) => stops.findIndex((s) => s.id === m.id))).toEqual([0, 1, 2, 3, 4, 6, 7]);
    expect(new Set(markers.map((m) => m.role))).toEqual(new Set(['rest']));
  });

  it.each([
    ['pending', 'pending', '#ffffff', '#0052b4', 1, MARKER_RADIUS, 14],
    ['finished: dimmed, green, smaller', 'finished', '#e7f4ea', '#0f5a26', DONE_ALPHA, DONE_MARKER_RADIUS, 12],
    ['skipped: dimmed, grey, smaller', 'skipped', '#eaeef3', '#454e5b', DONE_ALPHA, DONE_MARKER_RADIUS, 12],
  ] as const)('%s', (_, status, fill, ink, alpha, radius, inkSize) => {
    const [m] = markerData([stop('delivery', status)]);
    expect(m).toMatchObject({ radius, inkSize, fill: rgba(fill), stroke: rgba(ink, alpha), ink: rgba(ink) });
  });

  it('icons are sized like the numbers', () => {
    expect(markerData([stop('break', 'finished')])[0]).toMatchObject({
      kind: 'break',
      inkSize: 15,
      radius: DONE_MARKER_RADIUS,
    });
  });
});

describe('a round trip: start and end at one place are one marker', () => {
  const trip = (startStatus: StopStatus, endStatus: StopStatus, endAt: [number, number] = [5.0, 52.0]) => [
    stop('start', startStatus, [5.0, 52.0], {
      information: {
        street: 'Depot',
        city: null,
        country: null,
        recipient_name: null,
        recipient_phone: null,
        notes: null,
      },
    }),
    stop('delivery', 'pending', [5.1, 52.1]),
    stop('end', endStatus, endAt),
  ];

  it.each([
    ['before the start: selects the start', 'pending', 'pending', 0, 'pending'],
    ['on the way: selects the end', 'finished', 'pending', 2, 'pending'],
    ['all done: dimmed, the end', 'finished', 'finished', 2, 'finished'],
  ] as const)('%s', (_, startStatus, endStatus, selects, look) => {
    const stops = trip(startStatus, endStatus);
    const markers = markerData(stops);
    const combined = markers.filter((m) => m.kind === 'startEnd');
    expect(combined).toHaveLength(1);
    expect(markers).toHaveLength(2);
    expect(combined[0]).toMatchObject({
      id: stops[selects]!.id,
      stopIds: [stops[0]!.id, stops[2]!.id],
      name: 'Depot',
      status: look,
    });
  });

  it('within a metre counts as one place; a street further does not', () => {
    expect(roundTrip(trip('pending', 'pending', [5.000003, 52.000004]))).not.toBeNull();
    expect(roundTrip(trip('pending', 'pending', [5.001, 52.0]))).toBeNull();
    expect(markerData(trip('pending', 'pending', [5.001, 52.0])).map((m) => m.kind)).toEqual([
      'start',
      'number',
      'end',
    ]);
  });
});

describe('the active and next stops', () => {
  it.each([
    ['after the active one, skipping done and unlocated stops', 4, 6],
    ['from the beginning without an active stop', null, 3],
    ['none after the last', 7, null],
  ] as const)('next: %s', (_, activeIndex, nextIndex) => {
    const stops = route();
    const active = activeIndex === null ? null : stops[activeIndex]!.id;
    expect(nextStopId(stops, active)).toBe(nextIndex === null ? null : stops[nextIndex]!.id);
  });

  it('focus markers: the next one, then the active one on top (larger, filled, even when done)', () => {
    const stops = route();
    const [next, active] = focusMarkers(stops, stops[1]!.id, stops[3]!.id);
    expect(next).toMatchObject({ id: stops[3]!.id, role: 'next', radius: MARKER_RADIUS, kind: 'break' });
    expect(active).toMatchObject({
      id: stops[1]!.id,
      role: 'active',
      radius: ACTIVE_MARKER_RADIUS,
      text: '1',
      fill: rgba('#0052b4'),
      ink: rgba('#ffffff'),
    });
  });

  it('stops without a location have no focus marker', () => {
    const stops = route();
    expect(focusMarkers(stops, stops[5]!.id, null)).toEqual([]);
  });
});
