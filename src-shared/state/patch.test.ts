import { describe, expect, it } from 'vitest';
import { applyOp, applyOps, touchedSlices } from './patch.ts';

describe('applyOp', () => {
  const root = { a: { b: 1, c: [1, 2, 3] }, d: { e: 'x' } };

  it.each([
    [{ op: 'set', path: ['a', 'b'], value: 2 } as const, { a: { b: 2, c: [1, 2, 3] }, d: { e: 'x' } }],
    [{ op: 'set', path: ['a', 'c', 1], value: 9 } as const, { a: { b: 1, c: [1, 9, 3] }, d: { e: 'x' } }],
    [{ op: 'delete', path: ['a', 'c', 0] } as const, { a: { b: 1, c: [2, 3] }, d: { e: 'x' } }],
    [{ op: 'delete', path: ['d', 'e'] } as const, { a: { b: 1, c: [1, 2, 3] }, d: {} }],
    [
      { op: 'set', path: ['n', 'm'], value: true } as const,
      { a: { b: 1, c: [1, 2, 3] }, d: { e: 'x' }, n: { m: true } },
    ],
  ])('%j', (op, expected) => {
    expect(applyOp(root, op)).toEqual(expected);
  });

  it('never mutates, and shares untouched branches', () => {
    const next = applyOp(root, { op: 'set', path: ['a', 'b'], value: 5 });
    expect(root.a.b).toBe(1);
    expect(next.d).toBe(root.d);
    expect(next.a.c).toBe(root.a.c);
    expect(next.a).not.toBe(root.a);
  });

  it('replaces the root on an empty path and refuses to delete it', () => {
    expect(applyOp(root, { op: 'set', path: [], value: 1 })).toBe(1);
    expect(() => applyOp(root, { op: 'delete', path: [] })).toThrow();
  });

  it('applies a list in order and names the touched slices', () => {
    const ops = [
      { op: 'set', path: ['a', 'b'], value: 2 },
      { op: 'set', path: ['a', 'b'], value: 3 },
      { op: 'set', path: ['d'], value: null },
    ] as const;
    expect(applyOps(root, ops)).toEqual({ a: { b: 3, c: [1, 2, 3] }, d: null });
    expect([...touchedSlices(ops)]).toEqual(['a', 'd']);
  });

  it('a list copies each container once, yet never changes the old root or a value an operation carries', () => {
    const value = { x: 1 };
    const ops = [
      { op: 'set', path: ['a', 'c', 0], value: 7 },
      { op: 'set', path: ['a', 'c', 2], value: 8 },
      { op: 'set', path: ['n'], value },
      { op: 'set', path: ['n', 'x'], value: 2 },
    ] as const;
    const next = applyOps(root, ops);
    expect(next).toEqual(ops.reduce(applyOp, root));
    expect(next).toEqual({ a: { b: 1, c: [7, 2, 8] }, d: { e: 'x' }, n: { x: 2 } });
    expect(root).toEqual({ a: { b: 1, c: [1, 2, 3] }, d: { e: 'x' } });
    expect(value).toEqual({ x: 1 });
    expect(next.d).toBe(root.d);
  });
});
