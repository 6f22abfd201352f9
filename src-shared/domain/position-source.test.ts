import { describe, expect, it } from 'vitest';
import { WRAPPER_PRIORITY_MS, wrapperWins } from './position-source.ts';

describe('wrapperWins', () => {
  it.each([
    ['a wrapper that never reported', null, 1_000, false],
    ['a report just now', 1_000, 1_000, true],
    ['a report just inside the priority', 0, WRAPPER_PRIORITY_MS - 1, true],
    ['a report as old as the priority', 0, WRAPPER_PRIORITY_MS, false],
  ])('%s', (_, wrapperAt, now, expected) => {
    expect(wrapperWins(wrapperAt, now)).toBe(expected);
  });
});
