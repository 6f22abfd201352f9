import { effect } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { initialState } from '../../src-shared/state/app-state.ts';
import type { Patch, Snapshot } from '../../src-shared/state/patch.ts';
import { StateMirror, startMirror } from './mirror.ts';

const snap = (version: number): Snapshot => ({ version, state: initialState() });
const setOnline = (version: number, online: boolean): Patch => ({
  version,
  ops: [{ op: 'set', path: ['connectivity', 'online'], value: online }],
});

describe('StateMirror', () => {
  it('applies the next patch, ignores stale ones and reports a gap', () => {
    const m = new StateMirror(snap(3));
    expect(m.apply(setOnline(3, false))).toBe('stale');
    expect(m.state.connectivity.value.online).toBe(true);
    expect(m.apply(setOnline(4, false))).toBe('applied');
    expect(m.state.connectivity.value.online).toBe(false);
    expect(m.apply(setOnline(6, true))).toBe('gap');
    expect(m.state.connectivity.value.online).toBe(false);
  });

  it('notifies only the slices a patch touched, once per patch', () => {
    const m = new StateMirror(snap(0));
    let connectivityRuns = 0;
    let sessionRuns = 0;
    const stop1 = effect(() => {
      m.state.connectivity.value;
      connectivityRuns++;
    });
    const stop2 = effect(() => {
      m.state.session.value;
      sessionRuns++;
    });
    m.apply({
      version: 1,
      ops: [
        { op: 'set', path: ['connectivity', 'online'], value: false },
        { op: 'set', path: ['connectivity', 'visible'], value: false },
      ],
    });
    expect(connectivityRuns).toBe(2);
    expect(sessionRuns).toBe(1);
    stop1();
    stop2();
  });
});

describe('startMirror', () => {
  it('applies patches that arrived before the snapshot, and re-reads the snapshot on a gap', async () => {
    let listener: ((p: Patch) => void) | null = null;
    let snapshots = 0;
    const source = {
      snapshot: async () => {
        snapshots++;
        const s = snap(10);
        s.state.connectivity = { online: true, visible: false };
        return s;
      },
      subscribe: async (l: (p: Patch) => void) => {
        listener = l;
        l(setOnline(1, false)); // already inside the first snapshot below: dropped
        l(setOnline(3, false)); // the next one after it: applied
      },
    };
    const mirror = await startMirror(source, async () => snap(2));
    expect(mirror.currentVersion).toBe(3);
    expect(mirror.state.connectivity.value.online).toBe(false);
    listener!(setOnline(9, true));
    await new Promise((r) => setTimeout(r, 0));
    expect(snapshots).toBe(1);
    expect(mirror.currentVersion).toBe(10);
    expect(mirror.state.connectivity.value.visible).toBe(false);
  });

  it('asks for the snapshot right after subscribing, without waiting for the subscription to be answered', async () => {
    const calls: string[] = [];
    let answerSubscription = () => {};
    const source = {
      snapshot: async () => snap(0),
      subscribe: (_l: (p: Patch) => void) => {
        calls.push('subscribe');
        return new Promise<void>((resolve) => {
          answerSubscription = resolve;
        });
      },
    };
    const starting = startMirror(source, async () => {
      calls.push('start');
      return snap(5);
    });
    expect(calls).toEqual(['subscribe', 'start']);
    // The mirror still needs both answers: a failed subscription is not a started mirror.
    let started = false;
    void starting.then(() => {
      started = true;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toBe(false);
    answerSubscription();
    expect((await starting).currentVersion).toBe(5);
  });
});
