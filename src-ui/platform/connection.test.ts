import { describe, expect, it } from 'vitest';
import { prefetchWelcome } from './connection.ts';

describe('prefetchWelcome: fetching the route’s map tiles ahead', () => {
  it.each([
    ['a 4G phone, with a cache to keep them', { effectiveType: '4g' }, true, true],
    ['a browser that says nothing', undefined, true, true],
    ['nothing would keep them (no Cache Storage)', { effectiveType: '4g' }, false, false],
    ['data saver on', { saveData: true, effectiveType: '4g' }, true, false],
    ['a metered connection', { metered: true, effectiveType: '4g' }, true, false],
    ['a fast cellular connection, not metered', { metered: false, effectiveType: '4g' }, true, true],
    ['3G', { effectiveType: '3g' }, true, false],
    ['2G', { effectiveType: '2g' }, true, false],
    ['slow 2G', { effectiveType: 'slow-2g' }, true, false],
  ] as const)('%s', (_, connection, kept, welcome) => {
    expect(prefetchWelcome(connection, kept)).toBe(welcome);
  });
});
