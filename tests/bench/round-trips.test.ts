/** Round-trip depth and a flow's requests (bench/app/network.ts): what the bench counts as waiting in a row. */
import { describe, expect, it } from 'vitest';
import { requestsBetween, roundTripDepth } from '../../bench/app/network.ts';

const r = (startWall: number, endWall: number, byServiceWorker = false) => ({ startWall, endWall, byServiceWorker });

describe('roundTripDepth', () => {
  it.each([
    ['no requests', [], 0],
    ['one', [r(0, 100)], 1],
    ['two at once', [r(0, 100), r(5, 90)], 1],
    ['one after the other', [r(0, 100), r(100, 200)], 2],
    ['started before the first answered: overlapping, one deep', [r(0, 100), r(99, 200)], 1],
    ['sign-in, then three side by side', [r(0, 150), r(160, 300), r(161, 320), r(162, 400)], 2],
    ['sign-in, account, then the list after it', [r(0, 150), r(160, 300), r(161, 310), r(320, 470)], 3],
    ['a long one beside a chain of three', [r(0, 900), r(0, 100), r(100, 200), r(200, 300)], 3],
    ['given out of order', [r(200, 300), r(0, 100), r(100, 200)], 3],
  ])('%s', (_, requests, expected) => {
    expect(roundTripDepth(requests)).toBe(expected);
  });
});

describe('requestsBetween', () => {
  it('keeps what the page or its worker sent inside the window, not the service worker’s precaching', () => {
    const all = [r(5, 50), r(10, 20, true), r(20, 300), r(301, 400), r(0, 10)];
    expect(requestsBetween(all, 5, 300)).toEqual([r(5, 50), r(20, 300)]);
  });
});
