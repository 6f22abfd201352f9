import { describe, expect, it } from 'vitest';
import type { Stop, StopStatus, StopType } from '../../src-shared/protocol/entities.ts';
import { drawnData, keptDrawnData } from './drawn-data.ts';

function stop(id: number, type: StopType, status: StopStatus, at: [number, number]): Stop {
  return {
    id,
    type,
    status,
    address: { lng: at[0], lat: at[1] },
    information: { street: null, city: null, country: null, recipient_name: null, recipient_phone: null, notes: null },
  } as Stop;
}

const route = (): Stop[] => [
  stop(1, 'start', 'finished', [5.0, 52.0]),
  stop(2, 'delivery', 'pending', [5.1, 52.0]),
  stop(3, 'delivery', 'pending', [5.2, 52.0]),
  stop(4, 'delivery', 'pending', [5.3, 52.0]),
  stop(5, 'end', 'pending', [5.6, 52.1]),
];

/** The route after a patch: a new array and new stop objects, as the core's patches give the page. */
const patched = (stops: Stop[], id: number, change: Partial<Stop>) =>
  stops.map((s) => (s.id === id ? { ...s, ...change } : { ...s }));

describe('keptDrawnData: a patch rebuilds only what it changed on the map', () => {
  it('a patch that changes nothing drawn (a note) keeps the very same data', () => {
    const first = drawnData(route(), 2);
    const information = { ...route()[2]!.information, notes: 'Ring twice' };
    const next = keptDrawnData(first, drawnData(patched(route(), 3, { information }), 2));
    expect(next).toBe(first);
  });

  it('a completed stop gives new markers and keeps the places (the line and bounds are not rebuilt)', () => {
    const first = drawnData(route(), 2);
    const next = keptDrawnData(first, drawnData(patched(route(), 2, { status: 'finished' }), 3));
    expect(next).not.toBe(first);
    expect(next.places).toBe(first.places);
    expect(next.resting).not.toBe(first.resting);
    expect(next.resting.find((m) => m.id === 2)!.status).toBe('finished');
    expect(next.focus.map((m) => m.id)).toEqual([4, 3]);
    expect(next.activeAt).toEqual([5.2, 52.0]);
  });

  it('another active stop changes the focus and keeps the resting markers', () => {
    const first = drawnData(route(), 2);
    const next = keptDrawnData(first, drawnData(route(), 4));
    expect(next.resting).toBe(first.resting);
    expect(next.places).toBe(first.places);
    expect(next.focus).not.toBe(first.focus);
    expect(next.activeAt).toEqual([5.3, 52.0]);
  });

  it('a moved stop changes the places', () => {
    const first = drawnData(route(), 2);
    const moved = patched(route(), 4, { address: { ...route()[3]!.address, lng: 5.35 } });
    const next = keptDrawnData(first, drawnData(moved, 2));
    expect(next.places).not.toBe(first.places);
    expect(next.places[3]!.address.lng).toBe(5.35);
  });

  it('with nothing before, the new data as it is', () => {
    const data = drawnData(route(), null);
    expect(keptDrawnData(null, data)).toBe(data);
  });
});
