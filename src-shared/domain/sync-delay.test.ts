import { describe, expect, it } from 'vitest';
import { syncDelayed } from './sync-delay.ts';

describe('syncDelayed (captured on the phone vs received)', () => {
  it.each<[string, string | null, string | null, boolean]>([
    ['sent at once', '2026-11-23T13:02:00Z', '2026-11-23T13:02:03Z', false],
    ['exactly a minute', '2026-11-23T13:02:00Z', '2026-11-23T13:03:00Z', false],
    ['queued offline for 35 minutes', '2026-11-23T13:02:00Z', '2026-11-23T13:37:00Z', true],
    ['a phone clock two minutes fast', '2026-11-23T13:04:00Z', '2026-11-23T13:02:00Z', true],
    ['not received yet', '2026-11-23T13:02:00Z', null, false],
    ['no capture time (an old client)', null, '2026-11-23T13:02:00Z', false],
    ['not a time', 'soon', '2026-11-23T13:02:00Z', false],
  ])('%s', (_name, completedAt, receivedAt, expected) => {
    expect(syncDelayed(completedAt, receivedAt)).toBe(expected);
  });
});
