import { describe, expect, it } from 'vitest';
import type { Box } from '../../components/snackbar-placement.ts';
import { roomScroll } from './room-scroll.ts';

/** A full-width box from y `top` to `bottom` on a 390 px wide screen. */
const band = (top: number, bottom: number, left = 8, right = 382): Box => ({ top, bottom, left, right });
/** The snackbar resting at the bottom of an 844 px screen: 56 px high, 16 px above the edge. */
const REST = band(772, 828);

describe('roomScroll', () => {
  const LIST_TOP = 144;
  it.each<[string, Box, number, number]>([
    ['the active stop clear of the message: no scroll', band(300, 700), 400, 0],
    // At 200% text: the stop from 344 to 796 under a message resting at 772: up by 796 - (772 - 8).
    ['the stop under the message, room above: scrolled up just clear of it', band(344, 796), 400, 796 - 764],
    ['not room enough below in the list: no scroll', band(344, 796), 10, 0],
    ['the stop would leave the list at its top: no scroll (the message rises instead)', band(150, 796), 400, 0],
    ['a stop below the message entirely: no scroll', band(830, 1200), 400, 0],
  ])('%s', (_name, row, room, by) => {
    expect(roomScroll(row, LIST_TOP, REST, room)).toBe(by);
  });
});
