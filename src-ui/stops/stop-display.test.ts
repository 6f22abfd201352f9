import { describe, expect, it } from 'vitest';
import { countToShow } from '../../src-shared/domain/stops.ts';
import type { StopType, TimeWindow } from '../../src-shared/protocol/entities.ts';
import {
  arrivalTiming,
  formatWindow,
  placeLine,
  requiredProofs,
  type StopPlace,
  stopAddress,
  stopName,
  timeWindows,
  unitBadge,
  unitName,
  unitTotal,
} from './stop-display.ts';

const place = (
  recipient_name: string | null,
  street: string | null,
  city: string | null,
  address = { lat: 52.0902, lng: 5.12 },
): StopPlace => ({ address, information: { recipient_name, street, city } });

describe('countToShow', () => {
  it.each<[StopType[], (number | null)[]]>([
    [[], []],
    [
      ['start', 'delivery', 'delivery', 'end'],
      [null, 1, 2, null],
    ],
    [
      ['start', 'delivery', 'pickup', 'break', 'delivery', 'end'],
      [null, 1, 2, null, 3, null],
    ],
    [
      ['break', 'pickup', 'end', 'delivery'],
      [null, 1, null, 2],
    ],
  ])('%j numbers %j', (types, numbers) => {
    expect(countToShow(types.map((type) => ({ type })))).toEqual(numbers);
  });
});

describe('names and addresses', () => {
  it.each([
    [
      place('Anna de Jong', 'Oudegracht 12', 'Utrecht'),
      'Anna de Jong',
      'Oudegracht 12, Utrecht',
      'Oudegracht 12, Utrecht',
    ],
    [place(null, 'Oudegracht 12', 'Utrecht'), 'Oudegracht 12', 'Utrecht', 'Oudegracht 12, Utrecht'],
    [place('  ', 'Neude 11', null), 'Neude 11', '', 'Neude 11'],
    [place('Droplane depot', null, null), 'Droplane depot', '', 'Droplane depot'],
    [place(null, null, 'Utrecht'), '52.09020, 5.12000', 'Utrecht', 'Utrecht'],
    [place(null, '', null, { lat: 52.123456789, lng: -0.1 }), '52.12346, -0.10000', '', '52.12346, -0.10000'],
  ])('%j: name %j, address %j, place %j', (stop, name, address, line) => {
    expect(stopName(stop)).toBe(name);
    expect(stopAddress(stop)).toBe(address);
    expect(placeLine(stop)).toBe(line);
  });
});

describe('units', () => {
  it.each([
    ['Parcel', 'Parcel'],
    ['Parcel+Fragile', 'Parcel'],
    ['Wine box+18', 'Wine box'],
    ['Box + Cooled + XL', 'Box'],
    ['+18', '+18'],
    ['  Envelope ', 'Envelope'],
  ])('%j shows as %j', (name, shown) => {
    expect(unitName(name)).toBe(shown);
  });

  it.each<[number[], number, number | null]>([
    [[], 0, null],
    [[1], 1, null],
    [[2], 2, 2],
    [[1, 1], 2, 2],
    [[3, 2, 1], 6, 6],
    [[0, 1], 1, null],
  ])('quantities %j total %d, badge %j', (quantities, total, badge) => {
    const units = quantities.map((quantity) => ({ quantity }));
    expect(unitTotal(units)).toBe(total);
    expect(unitBadge(units)).toBe(badge);
  });
});

describe('time windows and arrival', () => {
  const w = (earliest: number, latest: number): TimeWindow => ({ earliest, latest });
  const H = 3600;

  it('drops the whole-day window', () => {
    expect(timeWindows({ time_windows: [w(0, 86_340)] })).toEqual([]);
    expect(timeWindows({ time_windows: [w(0, 86_340), w(8 * H, 10 * H)] })).toEqual([w(8 * H, 10 * H)]);
  });

  it('writes a window as two times of day', () => {
    expect(formatWindow(w(8 * H, 10 * H + 30 * 60), 'en')).toBe('08:00–10:30');
    expect(formatWindow(w(0, 86_340), 'nl')).toBe('00:00–23:59');
  });

  it.each<[number | null, TimeWindow[], ReturnType<typeof arrivalTiming>]>([
    [9 * H, [], null],
    [9 * H, [w(0, 86_340)], null],
    [null, [w(8 * H, 10 * H)], null],
    [9 * H, [w(8 * H, 10 * H)], null],
    [10 * H, [w(8 * H, 10 * H)], null],
    [10 * H + 1, [w(8 * H, 10 * H)], 'late'],
    [7 * H, [w(8 * H, 10 * H)], 'early'],
    [0, [w(8 * H, 10 * H)], null],
    [11 * H, [w(8 * H, 10 * H), w(12 * H, 14 * H)], 'early'],
    [13 * H, [w(12 * H, 14 * H), w(8 * H, 10 * H)], null],
    [15 * H, [w(8 * H, 10 * H), w(12 * H, 14 * H)], 'late'],
  ])('arrival %j with %j is %j', (arr_time, time_windows, timing) => {
    expect(arrivalTiming({ arr_time, time_windows })).toBe(timing);
  });
});

describe('requiredProofs', () => {
  const none = { picture: false, signature: false, signature_name: false, age_verification: false, barcode: false };
  it.each([
    [none, []],
    [{ ...none, picture: true, signature: true }, ['signature', 'picture']],
    [{ ...none, age_verification: true, signature: true, picture: true }, ['signature', 'age_verification', 'picture']],
    [{ ...none, barcode: true, signature_name: true }, []],
  ])('%j asks for %j', (requirements, proofs) => {
    expect(requiredProofs(requirements)).toEqual(proofs);
  });
});
