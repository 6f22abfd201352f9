/**
 * The contract's types as the UI holds them, checked by the type checker (as comlink's own type tests do): `npm test`
 * runs `tsc -b` over these files (source-checks.test.ts), so a contract change that breaks what `Remote<WorkerApi>`
 * gives the UI fails there. At run time each `expectTypeOf` is a no-op; the run-time checks below hold the same
 * facts for the object the core really makes.
 */
import { type ProxyMarked, proxy, type Remote } from 'comlink';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PatchListener, Result, WorkerApi } from '../../src-shared/api/worker-api.ts';
import type { DriverProfile } from '../../src-shared/state/app-state.ts';
import type { Patch, Snapshot } from '../../src-shared/state/patch.ts';
import { createWorkerApi } from '../../src-worker/core/create-worker-api.ts';

/** True when T holds a function anywhere inside it (what structured clone cannot carry); binary data is cloned whole. */
type HoldsFunction<T> = T extends (...args: never[]) => unknown
  ? true
  : T extends ArrayBufferLike | ArrayBufferView | Blob
    ? false
    : T extends object
      ? true extends { [K in keyof T]-?: HoldsFunction<T[K]> }[keyof T]
        ? true
        : false
      : false;

/** The intents whose arguments hold a function: only the one proxied patch listener may. */
type IntentsTakingFunctions = {
  [K in keyof WorkerApi]: HoldsFunction<Parameters<WorkerApi[K]>> extends true ? K : never;
}[keyof WorkerApi];

type RemoteApi = Remote<WorkerApi>;

describe('Remote<WorkerApi>', () => {
  it('every intent already answers a promise, so Remote gives the UI the same signature', () => {
    type NotAsync = {
      [K in keyof WorkerApi]: ReturnType<WorkerApi[K]> extends Promise<unknown> ? never : K;
    }[keyof WorkerApi];
    expectTypeOf<NotAsync>().toEqualTypeOf<never>();
    expectTypeOf<Parameters<RemoteApi['checkEmail']>>().toEqualTypeOf<[email: string]>();
    expectTypeOf<Awaited<ReturnType<RemoteApi['checkEmail']>>>().toEqualTypeOf<Result>();
    expectTypeOf<Awaited<ReturnType<RemoteApi['signIn']>>>().toEqualTypeOf<Result<DriverProfile>>();
    expectTypeOf<Awaited<ReturnType<RemoteApi['start']>>>().toEqualTypeOf<Snapshot>();
  });

  it('no argument of any intent holds a function except the patch listener, which goes proxied', () => {
    expectTypeOf<IntentsTakingFunctions>().toEqualTypeOf<'subscribe'>();
    expectTypeOf<PatchListener>().toEqualTypeOf<(patch: Patch) => void>();
    // What the UI passes: comlink's proxy of the listener, which Remote<WorkerApi> takes as the listener itself.
    const listener = proxy((_patch: Patch) => {});
    expectTypeOf(listener).toExtend<Parameters<RemoteApi['subscribe']>[0] & ProxyMarked>();
  });

  it('the core the worker exposes answers the contract, every member a function', () => {
    expectTypeOf(createWorkerApi).returns.toExtend<WorkerApi>();
    const core = createWorkerApi({
      fetch: () => Promise.reject(new Error('not in this test')),
      now: () => 0,
      randomId: () => 'id',
      openStorage: () => Promise.reject(new Error('not in this test')),
    });
    const intents = Object.keys(core).sort();
    expect(intents.length).toBeGreaterThan(30);
    for (const name of intents) expect(typeof core[name as keyof typeof core], name).toBe('function');
  });
});
