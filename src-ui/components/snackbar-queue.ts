/**
 * The snackbar queue as pure functions: one message on screen at a time, the rest waiting in order.
 * Rules:
 * - a message whose id is already showing or waiting is updated in place, never shown twice;
 * - a persistent message (durationMs null, e.g. lost connectivity with Retry) gives way to a new message and comes
 *   back after it, so it never blocks the queue; but a persistent message with an action never gives way to a
 *   persistent one without (a driver must not lose "Retry" behind "No internet connection", which stays for as long
 *   as the phone is offline): that one waits behind it;
 * - at most `maxPending` messages wait; the oldest timed one is dropped first, else the last in line.
 */

export type SnackbarTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

interface SnackbarAction {
  /** Translated label, e.g. "Retry". */
  label: string;
  onAction: () => void;
}

export interface SnackbarItem {
  /** Stable per message kind (e.g. "offline"), so repeats replace rather than pile up. */
  id: string;
  /** Translated text. */
  text: string;
  tone: SnackbarTone;
  action?: SnackbarAction;
  /** Auto-hide after this many ms; null keeps it until dismissed. */
  durationMs: number | null;
  /**
   * Messages this one makes obsolete (e.g. "Stop 3 delivered" after "Photo added"): they leave the queue, and when
   * one of them is on screen this message takes its place at once instead of waiting behind stale news.
   */
  supersedes?: readonly string[];
}

export interface SnackbarQueueState {
  current: SnackbarItem | null;
  pending: readonly SnackbarItem[];
}

/** The spec's auto-hide times. */
export const SNACKBAR_DURATION_MS = 4000;
export const SNACKBAR_UPDATE_DURATION_MS = 3000;
const DEFAULT_MAX_PENDING = 5;

export const emptySnackbarQueue: SnackbarQueueState = { current: null, pending: [] };

/** Adds or updates a message. */
export function enqueueSnackbar(
  state: SnackbarQueueState,
  item: SnackbarItem,
  maxPending = DEFAULT_MAX_PENDING,
): SnackbarQueueState {
  if (item.supersedes?.length) {
    const stale = new Set(item.supersedes);
    const pending = state.pending.filter((p) => !stale.has(p.id));
    state = state.current && stale.has(state.current.id) ? { current: null, pending } : { ...state, pending };
  }
  if (state.current?.id === item.id) return { ...state, current: item };
  const index = state.pending.findIndex((p) => p.id === item.id);
  if (index >= 0) return { ...state, pending: state.pending.map((p, i) => (i === index ? item : p)) };
  if (state.current === null) return { ...state, current: item };
  const keepsActionable = item.durationMs === null && !item.action && state.current.action !== undefined;
  if (state.current.durationMs === null && !keepsActionable) {
    return { current: item, pending: trim([state.current, ...state.pending], maxPending) };
  }
  return { ...state, pending: trim([...state.pending, item], maxPending) };
}

/** Removes a message (hidden by its timer, its action or the driver); the next one shows. */
export function dismissSnackbar(state: SnackbarQueueState, id: string): SnackbarQueueState {
  if (state.current?.id === id) {
    const [next = null, ...rest] = state.pending;
    return { current: next, pending: rest };
  }
  if (!state.pending.some((p) => p.id === id)) return state;
  return { ...state, pending: state.pending.filter((p) => p.id !== id) };
}

/** Removes everything. */
export function clearSnackbars(): SnackbarQueueState {
  return emptySnackbarQueue;
}

export type SnackbarQueueAction =
  | { type: 'show'; item: SnackbarItem }
  | { type: 'dismiss'; id: string }
  | { type: 'clear' };

/** The same rules as a reducer, for useReducer or a store. */
export function snackbarReducer(state: SnackbarQueueState, action: SnackbarQueueAction): SnackbarQueueState {
  switch (action.type) {
    case 'show':
      return enqueueSnackbar(state, action.item);
    case 'dismiss':
      return dismissSnackbar(state, action.id);
    case 'clear':
      return clearSnackbars();
  }
}

function trim(items: SnackbarItem[], max: number): SnackbarItem[] {
  const result = [...items];
  while (result.length > max) {
    const oldestTimed = result.findIndex((p) => p.durationMs !== null);
    result.splice(oldestTimed >= 0 ? oldestTimed : result.length - 1, 1);
  }
  return result;
}
