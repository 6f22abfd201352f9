import { describe, expect, it } from 'vitest';
import { resolveVariant } from '../../src-shared/domain/variant.ts';
import { variantFlag } from './variant.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

const CONFIG = { cleaningCustomerId: 'cus_clean', internalNotesCustomerId: 'cus_notes' };

describe('variants', () => {
  it('takes the URL flag and keeps it for the session', () => {
    const storage = memoryStorage();
    expect(variantFlag('?variant=cleaning', storage)).toBe('cleaning');
    expect(variantFlag('', storage)).toBe('cleaning');
    expect(variantFlag('?status=skipped', storage)).toBe('cleaning');
    expect(variantFlag('?variant=internal-notes', storage)).toBe('internal-notes');
    expect(variantFlag('?variant=default', storage)).toBe('default');
    expect(variantFlag('?variant=bogus', storage)).toBe('default');
    expect(variantFlag('', memoryStorage())).toBeNull();
  });

  it('works without storage, or when it throws', () => {
    expect(variantFlag('?variant=cleaning', null)).toBe('cleaning');
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(variantFlag('?variant=internal-notes', broken)).toBe('internal-notes');
    expect(variantFlag('', broken)).toBeNull();
  });

  it.each([
    [null, 'cus_clean', 'cleaning'],
    [null, 'cus_notes', 'internal-notes'],
    [null, 'cus_other', 'default'],
    [null, null, 'default'],
    ['cleaning', 'cus_notes', 'cleaning'],
    ['default', 'cus_clean', 'default'],
  ] as const)('flag %s, customer %s: %s', (flag, customer, expected) => {
    expect(resolveVariant(flag, { customer_id: customer }, CONFIG)).toBe(expected);
  });

  it('is the default without the organisation or the app config', () => {
    expect(resolveVariant(null, null, CONFIG)).toBe('default');
    expect(resolveVariant(null, { customer_id: 'cus_clean' }, null)).toBe('default');
  });
});
