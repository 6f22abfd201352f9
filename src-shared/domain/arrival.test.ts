/** Arrival noticed by the phone (issue 34): inside the radius long enough, and not passing by. */
import { describe, expect, it } from 'vitest';
import type { Stop } from '../protocol/entities.ts';
import {
  arrivalNoticed,
  arrivalSetup,
  arrivalStopProblem,
  DEFAULT_ARRIVAL_RULE,
  type PositionSample,
} from './arrival.ts';

const STOP = { lat: 52.37, lng: 4.89 };
/** A position `metres` north of the stop (a degree of latitude is about 111 km). */
const north = (metres: number) => ({ lat: STOP.lat + metres / 111_195, lng: STOP.lng });
const at = (seconds: number, metres: number, speedMps: number | null = 0): PositionSample => ({
  at: seconds * 1000,
  position: north(metres),
  speedMps,
});

describe('arrival noticed', () => {
  it.each<[string, PositionSample[], number, boolean]>([
    ['no positions', [], 30, false],
    ['inside for 25 s, standing', [at(0, 10), at(10, 12), at(25, 8)], 25, true],
    ['inside for only 10 s', [at(15, 10), at(25, 8)], 25, false],
    ['came inside 10 s ago, outside before', [at(0, 200), at(15, 30), at(25, 20)], 25, false],
    ['just outside the radius', [at(0, 60), at(25, 60)], 25, false],
    ['just inside the radius (49 m)', [at(0, 49), at(25, 49)], 25, true],
    ['inside but driving past at 8 m/s', [at(0, 30, 8), at(25, 30, 8)], 25, false],
    ['slowed to walking pace for the last 20 s', [at(0, 45, 9), at(5, 40, 1), at(25, 10, 0.5)], 25, true],
    [
      'no device speed: taken from the moves (45 m in 5 s)',
      [at(0, 45, null), at(5, 0, null), at(25, 0, null)],
      25,
      false,
    ],
    ['no device speed, standing still', [at(0, 5, null), at(10, 5, null), at(25, 5, null)], 25, true],
    ['the latest position is stale', [at(0, 5), at(10, 5)], 60, false],
  ])('%s', (_, samples, nowSeconds, noticed) => {
    expect(arrivalNoticed(samples, STOP, nowSeconds * 1000, DEFAULT_ARRIVAL_RULE)).toBe(noticed);
  });

  it('takes the organisation’s radius', () => {
    const samples = [at(0, 80), at(25, 80)];
    expect(arrivalNoticed(samples, STOP, 25_000)).toBe(false);
    expect(arrivalNoticed(samples, STOP, 25_000, { ...DEFAULT_ARRIVAL_RULE, radiusM: 100 })).toBe(true);
  });
});

describe('arrival setup', () => {
  it.each([
    ['plan and route on', { ft_arrival_detection: true }, { arrival_detection: true }, true],
    ['a plan stored before (no flag)', {}, { arrival_detection: true }, false],
    ['a route stored before (no setting)', { ft_arrival_detection: true }, {}, false],
    ['the route turned it off', { ft_arrival_detection: true }, { arrival_detection: false }, false],
    ['no organisation: the route decides', null, { arrival_detection: true }, true],
  ])('%s: on is %s', (_, plan, settings, on) => {
    expect(arrivalSetup(plan, settings, null).on).toBe(on);
  });

  it("takes the organisation's radius and auto-record, else the defaults", () => {
    expect(arrivalSetup(null, {}, null)).toMatchObject({ autoRecord: false, rule: DEFAULT_ARRIVAL_RULE });
    const own = arrivalSetup(null, {}, { arrival_radius_m: 120, arrival_auto_record: true });
    expect(own).toMatchObject({ autoRecord: true, rule: { ...DEFAULT_ARRIVAL_RULE, radiusM: 120 } });
  });
});

describe('which stops take an arrival', () => {
  it.each<[Stop['type'], Stop['status'], string | null, string | null]>([
    ['delivery', 'pending', null, null],
    ['pickup', 'pending', null, null],
    ['delivery', 'pending', '2026-11-27T09:00:00.000Z', 'arrived'],
    ['delivery', 'finished', null, 'done'],
    ['pickup', 'skipped', null, 'done'],
    ['start', 'pending', null, 'stop_type'],
    ['end', 'pending', null, 'stop_type'],
    ['break', 'pending', null, 'stop_type'],
  ])('a %s %s, arrived at %s: %s', (type, status, arrivedAt, problem) => {
    expect(arrivalStopProblem({ type, status, arrived_at: arrivedAt })).toBe(problem);
  });
});
