/**
 * State writes are typed (issue 21): `npm run typecheck` fails on a misspelled path or a value of the wrong type.
 * Each @ts-expect-error below is a write that must not compile: if the store's types ever accept it again, the
 * directive is unused and the typecheck fails. The runtime part checks that the typed writes still patch.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { initialState } from '../../src-shared/state/app-state.ts';
import type { PatchOp } from '../../src-shared/state/patch.ts';
import type { StatePath, ValueAt } from '../../src-shared/state/state-path.ts';
import { createStore } from '../../src-worker/base/store.ts';

interface Sample {
  a: { b: number; c: { d: 'x' | 'y' } | null };
  list: string[];
}

describe('typed state paths', () => {
  it('names only paths that exist, and the type of the value there', () => {
    expectTypeOf<ValueAt<Sample, ['a', 'b']>>().toEqualTypeOf<number>();
    expectTypeOf<ValueAt<Sample, ['a', 'c', 'd']>>().toEqualTypeOf<'x' | 'y'>();
    expectTypeOf<readonly ['a', 'c', 'd']>().toMatchTypeOf<StatePath<Sample>>();
    expectTypeOf<readonly ['list']>().toMatchTypeOf<StatePath<Sample>>();
    // Not into arrays: a list is replaced whole or diffed by `replace`.
    expectTypeOf<readonly ['list', 'length']>().not.toMatchTypeOf<StatePath<Sample>>();
    expectTypeOf<readonly ['a', 'e']>().not.toMatchTypeOf<StatePath<Sample>>();
  });

  it('the store compiles right writes, refuses wrong ones, and patches what it is given', () => {
    const store = createStore(initialState());
    const sent: PatchOp[][] = [];
    store.setListener(({ ops }) => {
      sent.push(ops);
    });
    store.set(['settings', 'language'], 'nl');
    store.set(['connectivity', 'online'], false);
    store.replace(['live', 'socket'], store.get().live.socket);
    store.flush();
    expect(store.get().settings.language).toBe('nl');
    expect(sent.flat().map((op) => op.path.join('.'))).toEqual(['settings.language', 'connectivity.online']);

    // Compiled, never run: writes the compiler must refuse.
    const refused = () => {
      // @ts-expect-error a misspelled path
      store.set(['settings', 'langauge'], 'nl');
      // @ts-expect-error a value of the wrong type
      store.set(['connectivity', 'online'], 'no');
      // @ts-expect-error a language that does not exist
      store.set(['settings', 'language'], 'fr');
      // @ts-expect-error a slice that does not exist
      store.replace(['routes'], []);
    };
    expect(refused).toBeTypeOf('function');
  });
});
