import { describe, expect, it } from 'vitest';
import { shownUnsent } from './unsent-strip.ts';

describe('the route header’s unsent strip', () => {
  it.each([
    // count, online, shown before (offline, or past the grace) → shown
    [0, true, false, 0],
    [0, false, true, 0],
    [1, false, false, 1], // offline: at once
    [3, false, true, 3],
    [2, true, false, 0], // online, being sent: not news yet
    [2, true, true, 2], // online, waiting past the grace, or back online with changes still unsent: shown
  ])('%i waiting, online %s, shown before %s: shows %i', (count, online, shownBefore, shown) => {
    expect(shownUnsent(count, online, shownBefore)).toBe(shown);
  });
});
