import { describe, expect, it } from 'vitest';
import { diffOps, jsonSize, MAX_OPS } from './diff.ts';
import { applyOps, type PatchOp } from './patch.ts';

/** A deep-equal copy with no object shared (src-shared has no structuredClone; the values here are JSON). */
const deepCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** A stop-like entity: enough fields that one changed field is much smaller than the whole stop. */
const stop = (id: number, status = 'pending') => ({
  id,
  status,
  arr_time: 36_000 + id * 60,
  address: { lat: 52.09, lng: 5.12 },
  information: { street: `Teststraat ${id}`, city: 'Utrecht', recipient_name: `Recipient ${id}` },
  units: [{ name: 'Parcel', quantity: 1 }],
});
const stops = (n: number) => Array.from({ length: n }, (_, i) => stop(i + 1));
const route = { id: 7, status: 'in_progress', stops: stops(5), fetched_at: 'a' };

describe('diffOps', () => {
  it.each<[string, unknown, unknown, PatchOp[]]>([
    ['identical values', route, route, []],
    ['deep-equal copies', route, deepCopy(route), []],
    ['equal primitives', 3, 3, []],
    [
      'a changed nested field',
      route,
      {
        ...route,
        stops: route.stops.map((s, i) => (i === 2 ? { ...s, information: { ...s.information, city: 'Zeist' } } : s)),
      },
      [{ op: 'set', path: ['r', 'stops', 2, 'information', 'city'], value: 'Zeist' }],
    ],
    [
      'one stop’s status',
      route,
      { ...route, stops: route.stops.map((s, i) => (i === 1 ? { ...s, status: 'finished' } : s)) },
      [{ op: 'set', path: ['r', 'stops', 1, 'status'], value: 'finished' }],
    ],
    ['an added key', { a: 1 }, { a: 1, b: 2 }, [{ op: 'set', path: ['r', 'b'], value: 2 }]],
    ['a removed key', { a: 1, b: { long: 'value value value' } }, { a: 1 }, [{ op: 'delete', path: ['r', 'b'] }]],
    ['object to null', { a: { b: 1 } }, { a: null }, [{ op: 'set', path: ['r', 'a'], value: null }]],
    ['array to object', { a: [1, 2] }, { a: { 0: 1, 1: 2 } }, [{ op: 'set', path: ['r', 'a'], value: { 0: 1, 1: 2 } }]],
    ['null to object', null, { a: 1 }, [{ op: 'set', path: ['r'], value: { a: 1 } }]],
    ['number to string', { a: 1 }, { a: '1' }, [{ op: 'set', path: ['r', 'a'], value: '1' }]],
  ])('%s', (_, before, after, expected) => {
    expect(diffOps(['r'], before, after)).toEqual(expected);
  });

  it('an array that grows or shrinks changes only its end', () => {
    const before = { stops: stops(6) };
    const grown = { stops: [...before.stops, stop(7)] };
    expect(diffOps([], before, grown)).toEqual([{ op: 'set', path: ['stops', 6], value: stop(7) }]);
    const shrunk = { stops: before.stops.slice(0, 4) };
    expect(diffOps([], before, shrunk)).toEqual([
      { op: 'delete', path: ['stops', 5] },
      { op: 'delete', path: ['stops', 4] },
    ]);
    expect(applyOps(before, diffOps([], before, shrunk))).toEqual(shrunk);
  });

  it('a reorder or a stop inserted in front sets the array whole, since per index it would be bigger', () => {
    const before = { stops: stops(20) };
    const inserted = { stops: [stop(99), ...before.stops] };
    expect(diffOps([], before, inserted)).toEqual([{ op: 'set', path: ['stops'], value: inserted.stops }]);
    const reversed = { stops: [...before.stops].reverse() };
    expect(diffOps([], before, reversed)).toEqual([{ op: 'set', path: ['stops'], value: reversed.stops }]);
  });

  it('two swapped stops are set whole at their indices, not walked field by field', () => {
    const before = stops(20);
    const after = [...before];
    [after[3], after[4]] = [after[4]!, after[3]!];
    expect(diffOps([], before, after)).toEqual([
      { op: 'set', path: [3], value: before[4] },
      { op: 'set', path: [4], value: before[3] },
    ]);
  });

  it('sets a value whole when the pieces would be bigger than it', () => {
    expect(diffOps(['p'], { a: 1, b: 2, c: 3 }, { a: 4, b: 5, c: 6 })).toEqual([
      { op: 'set', path: ['p'], value: { a: 4, b: 5, c: 6 } },
    ]);
    const line = Array.from({ length: 50 }, (_, i) => [5 + i / 100, 52 + i / 100]);
    const moved = line.map(([lng, lat]) => [lng! + 0.001, lat!]);
    expect(diffOps(['line'], line, moved)).toEqual([{ op: 'set', path: ['line'], value: moved }]);
  });

  it(`sets a value whole beyond ${MAX_OPS} operations`, () => {
    const before = stops(MAX_OPS + 10);
    const after = before.map((s) => ({ ...s, status: 'finished' }));
    expect(diffOps(['stops'], before, after)).toEqual([{ op: 'set', path: ['stops'], value: after }]);
  });

  it('does not walk into identical branches (sizing reads only as far as the diff is big)', () => {
    let reads = 0;
    const shared = new Proxy(stops(300), {
      get(target, key, receiver) {
        reads += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(diffOps([], { a: shared, b: 1 }, { a: shared, b: 2 })).toEqual([{ op: 'set', path: ['b'], value: 2 }]);
    expect(reads).toBeLessThan(10);
  });

  it('applied, keeps every unchanged stop as the same object', () => {
    const before = { ...route, stops: stops(300) };
    const after = deepCopy(before);
    after.stops[10]!.status = 'finished';
    after.fetched_at = 'b';
    const result = applyOps(before, diffOps([], before, after));
    expect(result).toEqual(after);
    expect(result.stops[10]).not.toBe(before.stops[10]);
    expect(result.stops[10]!.information).toBe(before.stops[10]!.information);
    expect(result.stops.filter((s, i) => s === before.stops[i])).toHaveLength(299);
  });
});

describe('jsonSize', () => {
  it.each([[null], [true], [12.5], ['text'], [[1, 'a', null]], [{ a: [1, { b: 'c' }], d: false }], [route]])(
    'is the JSON length of %j',
    (value) => {
      expect(jsonSize(value)).toBe(JSON.stringify(value).length);
    },
  );

  it('stops counting past the limit', () => {
    expect(jsonSize(stops(300), 100)).toBeLessThan(1000);
  });
});

/** mulberry32: a small seeded generator, so a failing case can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(items: readonly T[]) => items[int(items.length)]! };
}
type Rng = ReturnType<typeof random>;

const WORDS = ['', 'pending', 'finished', 'Teststraat 12, Utrecht', 'Recipient with a longer name'];
const KEYS = ['a', 'b', 'c', 'd', 'e', 'id', 'status', 'note'];

function value(rng: Rng, depth: number): unknown {
  const kind = depth <= 0 ? rng.int(4) : 4 + rng.int(3);
  if (kind === 0) return null;
  if (kind === 1) return rng.next() < 0.5;
  if (kind === 2) return rng.int(100_000) - 500;
  if (kind === 3) return rng.pick(WORDS);
  if (kind === 4) return Array.from({ length: rng.int(8) }, () => value(rng, depth - 1 - rng.int(2)));
  // Entities with ids, like stops.
  if (kind === 5) return Array.from({ length: rng.int(8) }, (_, i) => ({ id: i + 1, body: value(rng, depth - 1) }));
  return Object.fromEntries(Array.from({ length: 2 + rng.int(5) }, () => [rng.pick(KEYS), value(rng, depth - 1)]));
}

/** A changed copy of a container: most branches stay the same objects (as the core's updates leave them). */
function change(rng: Rng, v: unknown, depth: number): unknown {
  if (v === null || typeof v !== 'object') return value(rng, 2);
  if (Array.isArray(v)) {
    const copy = v.map((item) => mutate(rng, item, depth - 1));
    const edit = rng.int(8);
    if (edit === 0) copy.push(value(rng, 1));
    if (edit === 1) copy.splice(rng.int(copy.length + 1), 1);
    if (edit === 2) copy.splice(rng.int(copy.length + 1), 0, value(rng, 1));
    if (edit === 3) copy.reverse();
    return copy;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(v)) if (rng.next() > 0.1) copy[key] = mutate(rng, item, depth - 1);
  if (rng.next() < 0.2) copy[rng.pick(KEYS)] = value(rng, 1);
  return copy;
}

function mutate(rng: Rng, v: unknown, depth: number): unknown {
  const roll = rng.next();
  if (roll < 0.6) return v;
  if (roll < 0.7) return deepCopy(v);
  if (roll < 0.8 || depth <= 0) return value(rng, 2);
  return change(rng, v, depth);
}

describe('round trip: applyOps(before, diffOps(before, after)) deep-equals after', () => {
  it.each(Array.from({ length: 500 }, (_, seed) => [seed]))('seed %i', (seed) => {
    const rng = random(seed);
    const before = { slice: value(rng, 5), other: { kept: true } };
    const after = { ...before, slice: seed % 10 === 0 ? deepCopy(before.slice) : change(rng, before.slice, 4) };
    const untouched = deepCopy(before);

    const ops = diffOps(['slice'], before.slice, after.slice);
    const result = applyOps(before, ops);
    expect(result).toStrictEqual(after);
    expect(before).toStrictEqual(untouched);
    expect(result.other).toBe(before.other);
    if (ops.length === 0) expect(result).toBe(before);
    // Deep-equal values give no operation at all.
    expect(diffOps(['slice'], before.slice, deepCopy(before.slice))).toEqual([]);
  });
});
