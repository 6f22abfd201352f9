import { describe, expect, it } from 'vitest';
import { type Box, snackbarLift } from './snackbar-placement.ts';

/** A full-width box from y `top` to `bottom` on a 390 px wide screen. */
const band = (top: number, bottom: number, left = 8, right = 382): Box => ({ top, bottom, left, right });
/** The snackbar resting at the bottom of an 844 px screen: 56 px high, 16 px above the edge. */
const REST = band(772, 828);
const HEADER_BOTTOM = 64;

describe('snackbarLift', () => {
  it.each<[string, Box[], number]>([
    ['nothing protected: it stays', [], 0],
    ['a control elsewhere on the screen: it stays', [band(300, 356)], 0],
    ['a control beside it, not under it: it stays', [band(780, 820, 0, 4)], 0],
    // Arrived and its row of actions at the bottom: the snackbar rises above them with the gap.
    ['the active stop’s actions under it: it rises above them', [band(760, 816)], 828 - (760 - 8)],
    // Rising above one control onto another rises above that one too.
    ['two controls stacked: above both', [band(760, 816), band(700, 756)], 828 - (700 - 8)],
    // The carousel (the minimized drawer) covers the bottom 260 px.
    ['the carousel: just above it', [band(584, 844, 0, 390)], 828 - (584 - 8)],
  ])('%s', (_name, protectedBoxes, lift) => {
    expect(snackbarLift(REST, protectedBoxes, HEADER_BOTTOM)).toBe(lift);
  });

  it('with no room above the controls, it sits just below the header', () => {
    // A column of controls from the header down to the bottom, with a gap too small for the snackbar at 400-420.
    const wall = [band(80, 400), band(420, 844)];
    const lift = snackbarLift(REST, wall, HEADER_BOTTOM);
    expect(REST.top - lift).toBe(HEADER_BOTTOM + 8);
  });

  it('stays put when the place below the header would cover more than resting does', () => {
    // A big block right below the header, a wall in the middle, and a small control under the snackbar's corner.
    const protectedBoxes = [band(60, 200, 0, 390), band(200, 790), band(800, 844, 0, 100)];
    expect(snackbarLift(REST, protectedBoxes, HEADER_BOTTOM)).toBe(0);
  });

  it('never rises above the ceiling', () => {
    const lift = snackbarLift(REST, [band(100, 844)], 700);
    expect(REST.top - lift).toBeGreaterThanOrEqual(700 + 8);
  });
});
