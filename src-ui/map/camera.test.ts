import { describe, expect, it } from 'vitest';
import { EDGE_MARGIN_PX, groupingLevel, insetMove, isClear, stillCentre } from './camera.ts';
import { mapPadding } from './map-data.ts';

const size = { width: 390, height: 780 };
const minimized = mapPadding(size.height, 190);
const open = mapPadding(size.height, 520);

describe('isClear', () => {
  it.each([
    ['the middle', { x: 195, y: 300 }, minimized, true],
    ['just above the carousel', { x: 195, y: 780 - 190 - EDGE_MARGIN_PX - 1 }, minimized, true],
    ['on the carousel edge', { x: 195, y: 780 - 190 - 10 }, minimized, false],
    ['under the open drawer', { x: 195, y: 400 }, open, false],
    ['off the left edge', { x: 10, y: 100 }, open, false],
    ['off the top', { x: 195, y: -40 }, minimized, false],
  ])('%s', (_, point, padding, clear) => {
    expect(isClear(point, size, padding)).toBe(clear);
  });
});

describe('insetMove', () => {
  it('a stop near the bottom edge, drawer opening: the camera eases to it', () => {
    expect(insetMove({ x: 195, y: 560 }, size, open, false)).toEqual({ kind: 'ease-to-stop' });
  });
  it('a stop still clear: the picture keeps still', () => {
    expect(insetMove({ x: 195, y: 150 }, size, open, false)).toEqual({ kind: 'keep-still' });
  });
  it('the camera still flying to the stop: it flies on with the new padding', () => {
    expect(insetMove({ x: 195, y: 150 }, size, open, true)).toEqual({ kind: 'ease-to-stop' });
  });
  it('no active stop: the picture keeps still', () => {
    expect(insetMove(null, size, open, true)).toEqual({ kind: 'keep-still' });
  });
});

describe('stillCentre', () => {
  it('is the middle of the visible part', () => {
    expect(stillCentre(size, open)).toEqual({ x: 195, y: (780 - open.bottom) / 2 });
    expect(stillCentre(size, { top: 0, right: 0, bottom: 0, left: 0 })).toEqual({ x: 195, y: 390 });
  });
});

describe('groupingLevel', () => {
  const ahead = { cameraStopId: 4, activeStopId: 5, activeHasPlace: true, jumps: true };
  it.each([
    ['a jump to a new active stop: where it lands', ahead, 15],
    ['a flight to it: the camera level, until it ends', { ...ahead, jumps: false }, 11],
    ['the camera is at the active stop already', { ...ahead, cameraStopId: 5 }, 11],
    ['the new active stop has no place: no move', { ...ahead, activeHasPlace: false }, 11],
    ['no active stop any more', { ...ahead, activeStopId: null, activeHasPlace: false }, 11],
  ])('%s', (_, input, level) => {
    expect(groupingLevel(11, input, 15.5)).toBe(level);
  });
});
