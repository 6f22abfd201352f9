import { describe, expect, it } from 'vitest';
import {
  clearSnackbars,
  dismissSnackbar,
  emptySnackbarQueue,
  enqueueSnackbar,
  type SnackbarItem,
  type SnackbarQueueState,
  snackbarReducer,
} from './snackbar-queue.ts';

const item = (id: string, durationMs: number | null = 4000, text = id): SnackbarItem => ({
  id,
  text,
  tone: 'neutral',
  durationMs,
});

const ids = (state: SnackbarQueueState) => [state.current?.id ?? null, ...state.pending.map((p) => p.id)];

describe('snackbar queue', () => {
  it('shows the first message at once and queues the rest in order', () => {
    let state = enqueueSnackbar(emptySnackbarQueue, item('a'));
    state = enqueueSnackbar(state, item('b'));
    state = enqueueSnackbar(state, item('c'));
    expect(ids(state)).toEqual(['a', 'b', 'c']);
  });

  it('shows the next message when the current one is dismissed, and empties', () => {
    let state = enqueueSnackbar(enqueueSnackbar(emptySnackbarQueue, item('a')), item('b'));
    state = dismissSnackbar(state, 'a');
    expect(ids(state)).toEqual(['b']);
    state = dismissSnackbar(state, 'b');
    expect(state).toEqual(emptySnackbarQueue);
  });

  it('removes a waiting message without touching the current one', () => {
    let state = enqueueSnackbar(enqueueSnackbar(emptySnackbarQueue, item('a')), item('b'));
    state = dismissSnackbar(state, 'b');
    expect(ids(state)).toEqual(['a']);
  });

  it('ignores dismissing an unknown id (a late timer) and returns the same state', () => {
    const state = enqueueSnackbar(emptySnackbarQueue, item('a'));
    expect(dismissSnackbar(state, 'zzz')).toBe(state);
  });

  it('updates a repeated id in place instead of showing it twice', () => {
    let state = enqueueSnackbar(emptySnackbarQueue, item('offline', 4000, 'one'));
    state = enqueueSnackbar(state, item('b'));
    state = enqueueSnackbar(state, item('offline', 4000, 'two'));
    expect(ids(state)).toEqual(['offline', 'b']);
    expect(state.current?.text).toBe('two');
    state = enqueueSnackbar(state, item('b', 3000, 'b2'));
    expect(state.pending).toHaveLength(1);
    expect(state.pending[0]?.text).toBe('b2');
  });

  it('lets a new message in front of a persistent one, which comes back afterwards', () => {
    let state = enqueueSnackbar(emptySnackbarQueue, item('lostConnectivity', null));
    state = enqueueSnackbar(state, item('updated', 3000));
    expect(ids(state)).toEqual(['updated', 'lostConnectivity']);
    state = dismissSnackbar(state, 'updated');
    expect(ids(state)).toEqual(['lostConnectivity']);
    expect(state.current?.durationMs).toBeNull();
  });

  it('never hides an actionable persistent message (Retry) behind a persistent one without an action', () => {
    const retry = { ...item('lostConnectivity', null), action: { label: 'Retry', onAction: () => {} } };
    let state = enqueueSnackbar(emptySnackbarQueue, retry);
    state = enqueueSnackbar(state, item('noInternet', null));
    expect(ids(state)).toEqual(['lostConnectivity', 'noInternet']);
    // A timed message still goes in front; Retry comes back after it, before "No internet connection".
    state = enqueueSnackbar(state, item('delivered', 4000));
    expect(ids(state)).toEqual(['delivered', 'lostConnectivity', 'noInternet']);
    state = dismissSnackbar(state, 'delivered');
    expect(ids(state)).toEqual(['lostConnectivity', 'noInternet']);
    // The other way round, Retry goes in front of "No internet connection".
    state = enqueueSnackbar(enqueueSnackbar(emptySnackbarQueue, item('noInternet', null)), retry);
    expect(ids(state)).toEqual(['lostConnectivity', 'noInternet']);
  });

  it('keeps a persistent message until it is dismissed', () => {
    const state = enqueueSnackbar(emptySnackbarQueue, item('lostConnectivity', null));
    expect(ids(enqueueSnackbar(state, item('lostConnectivity', null)))).toEqual(['lostConnectivity']);
    expect(dismissSnackbar(state, 'lostConnectivity')).toEqual(emptySnackbarQueue);
  });

  it('caps the waiting list, dropping the oldest timed messages before persistent ones', () => {
    let state = enqueueSnackbar(emptySnackbarQueue, item('persistent', null));
    state = enqueueSnackbar(state, item('a'), 2);
    state = enqueueSnackbar(state, item('b'), 2);
    state = enqueueSnackbar(state, item('c'), 2);
    // 'a' took the screen and pushed 'persistent' back; the wait list holds at most two.
    expect(ids(state)).toEqual(['a', 'persistent', 'c']);
  });

  it('drops the last in line when only persistent messages wait', () => {
    let state = enqueueSnackbar(emptySnackbarQueue, item('p1', null));
    state = enqueueSnackbar(state, item('p2', null), 1);
    state = enqueueSnackbar(state, item('p3', null), 1);
    expect(ids(state)).toEqual(['p3', 'p2']);
  });

  it.each([
    ['the stale message on screen: the new one takes its place', ['photo', 'offline'], ['done', 'offline']],
    ['a stale message waiting: it leaves the line', ['offline', 'photo', 'other'], ['offline', 'other', 'done']],
    ['nothing stale: queued as usual', ['other'], ['other', 'done']],
  ])('a message that supersedes others: %s', (_, before, after) => {
    let state = emptySnackbarQueue;
    for (const id of before) state = enqueueSnackbar(state, item(id));
    state = enqueueSnackbar(state, { ...item('done'), supersedes: ['photo', 'signature'] });
    expect(ids(state)).toEqual(after);
  });

  it('never mutates the state it is given', () => {
    const state = Object.freeze({ current: item('a'), pending: Object.freeze([item('b')]) });
    expect(() => dismissSnackbar(enqueueSnackbar(state, item('c')), 'a')).not.toThrow();
    expect(ids(state)).toEqual(['a', 'b']);
  });

  it('works as a reducer', () => {
    let state = snackbarReducer(emptySnackbarQueue, { type: 'show', item: item('a') });
    state = snackbarReducer(state, { type: 'show', item: item('b') });
    state = snackbarReducer(state, { type: 'dismiss', id: 'a' });
    expect(ids(state)).toEqual(['b']);
    expect(snackbarReducer(state, { type: 'clear' })).toBe(clearSnackbars());
  });
});
