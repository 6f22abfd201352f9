import { describe, expect, it } from 'vitest';
import { callNumber, countryCode, toE164 } from './phone.ts';

describe('toE164', () => {
  it.each([
    // Local numbers take the country's code in place of the trunk 0, never a bare plus.
    ['0612345678', 'NL', '+31612345678'],
    ['030 234 5678', 'NL', '+31302345678'],
    ['06-12 34 56 78', 'NL', '+31612345678'],
    ['(030) 234.56.78', 'NL', '+31302345678'],
    ['0151 1234 5678', 'DE', '+4915112345678'],
    ['030/1234567', 'DE', '+49301234567'],
    ['0612345678', 'DE', '+49612345678'],
    // Without the trunk 0, the national significant number.
    ['612345678', 'NL', '+31612345678'],
    // International as written: a plus, or 00.
    ['+31612345678', 'NL', '+31612345678'],
    ['+31 6 1234 5678', 'DE', '+31612345678'],
    ['+31 (0)6 12345678', 'NL', '+31612345678'],
    ['+44 20 7946 0958', 'NL', '+442079460958'],
    ['0031612345678', 'NL', '+31612345678'],
    ['0031 6 1234 5678', 'DE', '+31612345678'],
    ['0049 30 1234567', 'NL', '+49301234567'],
    // Bare digits starting with the country's own code are international without their plus.
    ['31612345678', 'NL', '+31612345678'],
    ['31 6 12345678', 'NL', '+31612345678'],
    ['4915112345678', 'DE', '+4915112345678'],
    // ... and another country's, when not a local number.
    ['44 20 7946 0958', 'NL', '+442079460958'],
    // A local number that happens to start with digits of a calling code stays local.
    ['2025550123', 'US', '+12025550123'],
  ] as const)('%s in %s is %s', (phone, country, expected) => {
    expect(toE164(phone, country)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    [null, 'none'],
    ['abc', 'letters'],
    ['call 0612345678', 'a number inside text'],
    ['0612345678 ask for Bram', 'text after a number'],
    ['12', 'too short'],
    ['0612345', 'too short for the country'],
    ['+316', 'a plus and too short'],
    ['+31 6 1234 5678 9012', 'too long'],
    ['++31612345678', 'two plus signs'],
    ['06#12345678', 'other characters'],
  ] as [string | null, string][])('%s (%s) cannot be called', (phone) => {
    expect(toE164(phone, 'NL')).toBeNull();
  });

  it('reads local numbers as Dutch when no country is given', () => {
    expect(toE164('0612345678')).toBe('+31612345678');
  });
});

describe('countryCode', () => {
  it.each([
    ['NL', 'NL'],
    ['nl', 'NL'],
    [' de ', 'DE'],
    ['Netherlands', 'NL'],
    ['The Netherlands', 'NL'],
    ['Nederland', 'NL'],
    ['Niederlande', 'NL'],
    ['holland', 'NL'],
    ['Germany', 'DE'],
    ['Deutschland', 'DE'],
    ['Duitsland', 'DE'],
    ['Belgium', 'BE'],
    ['België', 'BE'],
    ['Osterreich', 'AT'],
    ['Österreich', 'AT'],
  ])('%s is %s', (country, code) => {
    expect(countryCode(country)).toBe(code);
  });

  it.each([[null], [''], ['XX'], ['Atlantis'], ['Nether']])('%s is unknown', (country) => {
    expect(countryCode(country)).toBeNull();
  });
});

describe('callNumber', () => {
  const allowed = { allowed_to_call_recipient: true };
  it.each([
    // The stop's country decides what a local number means; an unknown one falls back to the Netherlands.
    ['0612345678', 'Netherlands', '+31612345678'],
    ['0151 1234 5678', 'Germany', '+4915112345678'],
    ['0151 1234 5678', 'DE', '+4915112345678'],
    ['0612345678', null, '+31612345678'],
    ['0612345678', 'Atlantis', '+31612345678'],
    ['+31612345678', 'Germany', '+31612345678'],
    [null, 'Netherlands', null],
    ['', 'Netherlands', null],
    ['not a number', 'Netherlands', null],
  ])('%s in %s → %s', (phone, country, expected) => {
    expect(callNumber(allowed, phone, country)).toBe(expected);
  });

  it('is null when the organisation does not allow calling', () => {
    expect(callNumber({ allowed_to_call_recipient: false }, '+31612345678', 'Netherlands')).toBeNull();
  });
});
