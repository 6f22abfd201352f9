import { describe, expect, it } from 'vitest';
import { clampOffset, openness, releaseVelocity, restOffset, settleState } from './drawer-math.ts';

describe('drawer', () => {
  it.each([
    // from, offset, travel, velocity, expected
    [0, 0, 400, 0, 0],
    [0, 200, 400, 0, 0], // half way: not past the hysteresis
    [0, 220, 400, 0, 0], // exactly 55 %: stays
    [0, 224, 400, 0, -1], // past 55 %
    [0, 40, 400, 400, -1], // a fling down minimizes from anywhere
    [0, 40, 400, 399, 0],
    [-1, 400, 400, 0, -1],
    [-1, 180, 400, 0, -1], // 55 % of the way up
    [-1, 170, 400, 0, 0],
    [-1, 380, 400, -500, 0], // a fling up opens
    [-1, 380, 400, -300, -1],
    [0, 300, 400, -450, 0], // dragged far down, flung back up: stays open
    [-1, 0, 0, 1000, -1], // nothing to travel
  ] as const)('from %i released at %i of %i at %i px/s settles at %i', (from, offset, travel, velocity, expected) => {
    expect(settleState(from, offset, travel, velocity)).toBe(expected);
  });

  it('rests at 0 open and at the travel minimized; clamps and tells the openness', () => {
    expect(restOffset(0, 300)).toBe(0);
    expect(restOffset(-1, 300)).toBe(300);
    expect(clampOffset(-20, 300)).toBe(0);
    expect(clampOffset(320, 300)).toBe(300);
    expect(openness(75, 300)).toBe(0.75);
    expect(openness(0, 0)).toBe(1);
  });

  it('measures the release speed over the last 100 ms', () => {
    expect(releaseVelocity([])).toBe(0);
    expect(releaseVelocity([{ t: 0, y: 0 }])).toBe(0);
    expect(
      releaseVelocity([
        { t: 0, y: 0 },
        { t: 400, y: 10 },
        { t: 450, y: 30 },
        { t: 500, y: 60 },
      ]),
    ).toBe(500);
    expect(
      releaseVelocity([
        { t: 0, y: 100 },
        { t: 50, y: 80 },
      ]),
    ).toBe(-400);
  });
});
