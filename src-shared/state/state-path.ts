/**
 * Typed paths into a state object, so a write names a path that exists and a value of its type
 * (`store.set(['settings', 'language'], 'nl')` compiles, `['settings', 'langauge']` or a number there does not).
 * Paths go through objects only (not into arrays: a list is replaced, or diffed by `replace`) and at most
 * MAX_DEPTH keys deep, which every write in the core fits and keeps the compiler fast.
 */

type MaxDepth = [unknown, unknown, unknown, unknown];

/** The string keys of an object (through null), none of an array or a primitive. */
type KeysOf<T> = T extends readonly unknown[] ? never : T extends object ? Extract<keyof T, string> : never;

/** Every path of at most four keys into T, as a readonly tuple. */
export type StatePath<T, Depth extends unknown[] = []> = Depth['length'] extends MaxDepth['length']
  ? never
  : {
      [K in KeysOf<NonNullable<T>>]: readonly [K] | readonly [K, ...StatePath<NonNullable<T>[K], [...Depth, unknown]>];
    }[KeysOf<NonNullable<T>>];

/** The type of the value at path P in T (a union when a key is a union). */
export type ValueAt<T, P extends readonly unknown[]> = P extends readonly [infer K, ...infer Rest]
  ? K extends keyof NonNullable<T>
    ? ValueAt<NonNullable<T>[K], Rest>
    : never
  : T;
