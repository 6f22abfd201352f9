import { describe, expect, it } from 'vitest';
import type { ApiOutcome } from '../net/api-client.ts';
import { RETRY_MAX_MS, retryDelay, verdictOf } from './send-policy.ts';

const http = (status: number, message = 'm', field?: string): ApiOutcome<unknown> => ({
  ok: false,
  kind: 'http',
  status,
  message,
  ...(field ? { field } : {}),
});

describe('verdictOf', () => {
  it.each<[string, ApiOutcome<unknown>, string]>([
    ['200', { ok: true, status: 200, data: [] }, 'sent'],
    ['no answer (offline, refused connection, timeout)', { ok: false, kind: 'offline' }, 'transient'],
    ['500', http(500), 'transient'],
    ['502', http(502), 'transient'],
    ['503', http(503), 'transient'],
    ['408', http(408), 'transient'],
    ['429', http(429), 'transient'],
    ['401 (the refresh already failed)', http(401), 'session'],
    ['400', http(400), 'park'],
    ['403', http(403), 'park'],
    ['404', http(404), 'park'],
    ['409', http(409), 'park'],
    ['413', http(413), 'park'],
    ['422', http(422), 'park'],
  ])('%s: %s', (_name, outcome, kind) => {
    expect(verdictOf(outcome).kind).toBe(kind);
  });

  it('parks a 404 as not found with the server’s words and field, a 413 as too large, other 4xx as refused', () => {
    expect(verdictOf(http(404, 'Stop not found. Please reload your route.', 'service'))).toEqual({
      kind: 'park',
      reason: 'not_found',
      status: 404,
      message: 'Stop not found. Please reload your route.',
      field: 'service',
    });
    expect(verdictOf(http(413, 'Body too large'))).toEqual({
      kind: 'park',
      reason: 'too_large',
      status: 413,
      message: 'Body too large',
    });
    expect(verdictOf(http(422, 'Not a real image'))).toMatchObject({ kind: 'park', reason: 'refused' });
  });
});

describe('retryDelay', () => {
  it.each([
    [1, 0, 1_000],
    [1, 0.999_999, 2_000],
    [2, 0, 2_000],
    [3, 0.5, 6_000],
    [8, 0, 128_000],
    [9, 0, RETRY_MAX_MS / 2],
    [50, 0.999_999, RETRY_MAX_MS],
  ])('after %i failures with random %f: %i ms', (attempts, random, ms) => {
    expect(retryDelay(attempts, random)).toBe(ms);
  });

  it('never waits longer than the cap, nor less than half of it once capped', () => {
    for (let attempts = 1; attempts < 40; attempts++) {
      for (const random of [0, 0.25, 0.5, 0.999]) {
        expect(retryDelay(attempts, random)).toBeLessThanOrEqual(RETRY_MAX_MS);
      }
    }
    expect(retryDelay(40, 0)).toBe(RETRY_MAX_MS / 2);
  });
});
