import { describe, expect, it } from 'vitest';
import { signatureBounds } from './signature-trim.ts';

const canvas = { width: 360, height: 400 };
const group = (points: Array<[number, number]>, maxWidth = 3) => ({
  points: points.map(([x, y]) => ({ x, y })),
  maxWidth,
});

describe('signatureBounds', () => {
  it.each([
    ['nothing drawn', [], null],
    ['an empty group', [group([])], null],
    [
      'one stroke',
      [
        group([
          [100, 100],
          [200, 150],
        ]),
      ],
      { x: 81, y: 81, width: 138, height: 88 },
    ],
    ['two strokes', [group([[100, 100]]), group([[50, 300]], 4)], { x: 30, y: 80, width: 90, height: 240 }],
    [
      'kept inside the canvas',
      [
        group([
          [5, 390],
          [355, 10],
        ]),
      ],
      { x: 0, y: 0, width: 360, height: 400 },
    ],
  ])('%s', (_, groups, box) => {
    expect(signatureBounds(groups, canvas)).toEqual(box);
  });

  it('uses the padding asked for', () => {
    expect(signatureBounds([group([[100, 100]], 2)], canvas, 0)).toEqual({ x: 98, y: 98, width: 4, height: 4 });
  });
});
