import { describe, expect, it } from 'vitest';
import {
  FORWARD_MIN_GAP_MS,
  FORWARD_MOVE_METRES,
  type LastForwarded,
  type Reading,
  shouldForward,
} from './position-forwarding.ts';
import { LOCATION_INTERVAL_MS } from './position-source.ts';

const here = { lat: 52.09, lng: 5.12 };
/** About `metres` north of `here` (a degree of latitude is about 111 km). */
const north = (metres: number) => ({ lat: here.lat + metres / 111_195, lng: here.lng });
const fix = (at: number, position = here): Reading => ({ kind: 'fix', at, position });
const error = (code: string): Reading => ({ kind: 'error', error: code });
const lastFix: LastForwarded = { kind: 'fix', at: 0, position: here };

describe('shouldForward', () => {
  it.each<[string, LastForwarded, Reading, boolean]>([
    ['the first fix', null, fix(0), true],
    ['the first error', null, error('denied'), true],
    ['the same place a second later', lastFix, fix(1_000), false],
    ['a real move, but within the gap', lastFix, fix(FORWARD_MIN_GAP_MS - 1, north(200)), false],
    ['a real move after the gap', lastFix, fix(FORWARD_MIN_GAP_MS, north(FORWARD_MOVE_METRES + 1)), true],
    ['GPS noise after the gap', lastFix, fix(FORWARD_MIN_GAP_MS, north(FORWARD_MOVE_METRES - 5)), false],
    ['standing still for a whole interval', lastFix, fix(LOCATION_INTERVAL_MS), true],
    ['standing still just under an interval', lastFix, fix(LOCATION_INTERVAL_MS - 1), false],
    ['an error after a fix', lastFix, error('timeout'), true],
    ['the same error again', { kind: 'error', error: 'timeout' }, error('timeout'), false],
    ['another error', { kind: 'error', error: 'timeout' }, error('denied'), true],
    ['a fix after an error', { kind: 'error', error: 'timeout' }, fix(0), true],
  ])('%s: %s', (_why, last, next, expected) => {
    expect(shouldForward(last, next)).toBe(expected);
  });

  it('a drive of a fix a second at 50 km/h crosses a few times per interval, not thirty', () => {
    let last: LastForwarded = null;
    let forwarded = 0;
    for (let second = 0; second < LOCATION_INTERVAL_MS / 1000; second++) {
      const next = fix(second * 1000, north(second * 13.9));
      if (shouldForward(last, next)) {
        forwarded++;
        last = next as LastForwarded;
      }
    }
    expect(forwarded).toBe(LOCATION_INTERVAL_MS / FORWARD_MIN_GAP_MS);
  });
});
