/**
 * What to do with an item after one attempt to send it, and how long to wait before the next attempt. Pure, so the
 * rules are table-tested (send-policy.test.ts).
 *
 * - Sent (2xx): remove it.
 * - Transient (no answer, a timeout, 5xx, 408, 429): keep it, stop this round, try again later with back-off. A 5xx
 *   is only blamed on the item when the server answers other calls and still fails on it (outbox.ts probes that).
 * - Session (401 after the client's own refresh failed): keep it; the queue waits for the same driver's next session.
 * - Permanent (404 and every other 4xx): park it with the server's words, and go on with the next one. A 413 (the
 *   body over the server's limit: the same body would be refused again) is parked as too large, which the driver
 *   reads in the app's words.
 */
import type { ApiOutcome } from '../net/api-client.ts';
import type { ParkReason } from './outbox-item.ts';

export type SendVerdict =
  | { kind: 'sent' }
  | { kind: 'transient' }
  | { kind: 'session' }
  | { kind: 'park'; reason: ParkReason; status: number; message: string; field?: string };

export function verdictOf(outcome: ApiOutcome<unknown>): SendVerdict {
  if (outcome.ok) return { kind: 'sent' };
  if (outcome.kind === 'offline') return { kind: 'transient' };
  const { status, message, field } = outcome;
  if (status === 401) return { kind: 'session' };
  if (status >= 500 || status === 408 || status === 429) return { kind: 'transient' };
  return {
    kind: 'park',
    reason: status === 404 ? 'not_found' : status === 413 ? 'too_large' : 'refused',
    status,
    message,
    ...(field !== undefined ? { field } : {}),
  };
}

/** A 5xx this many times in a row for the first item: the server is probed, to tell an outage from a bad item. */
export const SERVER_ERROR_PROBE_AFTER = 5;

const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 5 * 60_000;

/**
 * The wait before attempt `attempts + 1`, after `attempts` failures in a row: doubling from 2 s, capped at 5 min,
 * with "equal jitter" (half fixed, half random) so phones that lost the same cell tower do not all retry at once.
 * `random` is in [0, 1).
 */
export function retryDelay(attempts: number, random: number): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
