import { describe, expect, it } from 'vitest';
import { blockFromFailure, successText } from './stop-messages.ts';

const t = (key: string, options: Record<string, unknown>) =>
  Object.keys(options).length ? `${key} ${JSON.stringify(options)}` : key;

describe('stop messages', () => {
  it('recovers a blocked failure, with the number from the local check', () => {
    expect(blockFromFailure('earlier_stop', { kind: 'earlier_stop', number: 2 })).toEqual({
      kind: 'earlier_stop',
      number: 2,
    });
    expect(blockFromFailure('earlier_stop', null)).toBeNull();
    expect(blockFromFailure('not_started', null)).toEqual({ kind: 'not_started' });
    expect(blockFromFailure('route_finished', { kind: 'earlier_stop', number: 2 })).toEqual({ kind: 'route_finished' });
    expect(blockFromFailure('something_else', null)).toBeNull();
  });

  it.each([
    ['skipped', 'delivery', 'success.stopSkipped {"number":3}'],
    ['skipped', 'pickup', 'success.stopSkipped {"number":3}'],
    ['finished', 'delivery', 'success.stopDelivered {"number":3}'],
    ['finished', 'pickup', 'success.stopPickedUp {"number":3}'],
  ] as const)('%s %s', (status, type, text) => {
    expect(successText(status, type, 3, t)).toBe(text);
  });
});
