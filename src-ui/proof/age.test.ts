import { describe, expect, it } from 'vitest';
import {
  ageOn,
  type CalendarDate,
  daysInMonth,
  isAdult,
  parseIsoDate,
  todayOf,
  toIsoDate,
} from '../../src-shared/domain/age.ts';
import {
  clampDate,
  DEFAULT_BIRTH_DATE,
  dayOptions,
  isSelectable,
  monthOptions,
  verifyAge,
  yearOptions,
} from './age.ts';

const d = (text: string): CalendarDate => {
  const date = parseIsoDate(text);
  if (!date) throw new Error(`bad date ${text}`);
  return date;
};

describe('ageOn', () => {
  it.each([
    ['1990-01-01', '2026-11-21', 36],
    ['2008-11-21', '2026-11-21', 18], // the 18th birthday itself
    ['2008-11-22', '2026-11-21', 17], // one day short
    ['2008-12-01', '2026-11-21', 17],
    ['2026-11-21', '2026-11-21', 0],
    ['1900-01-01', '2026-11-21', 126],
    // Born on 29 February: the birthday is 1 March in other years, 29 February in leap years.
    ['2008-02-29', '2026-02-28', 17],
    ['2008-02-29', '2026-03-01', 18],
    ['2008-02-29', '2028-02-28', 19],
    ['2008-02-29', '2028-02-29', 20],
    ['2010-02-28', '2028-02-28', 18],
    ['2010-03-01', '2028-02-29', 17],
  ])('born %s, on %s: %i', (birth, on, age) => {
    expect(ageOn(d(birth), d(on))).toBe(age);
  });
});

describe('isAdult and verifyAge', () => {
  it.each([
    ['2008-11-21', '2026-11-21', true],
    ['2008-11-22', '2026-11-21', false],
    ['2008-02-29', '2026-02-28', false],
    ['2008-02-29', '2026-03-01', true],
    ['1990-01-01', '2026-11-21', true],
  ])('born %s, on %s: adult %s', (birth, on, adult) => {
    expect(isAdult(d(birth), d(on))).toBe(adult);
    expect(verifyAge(d(birth), d(on))).toEqual({ verified: adult, age: ageOn(d(birth), d(on)), date: birth });
  });

  it('verifies the clamped date', () => {
    expect(verifyAge({ year: 1850, month: 6, day: 31 }, d('2026-11-21'))).toEqual({
      verified: true,
      age: 126,
      date: '1900-06-30',
    });
  });
});

describe('the wheel ranges', () => {
  const today = d('2026-11-21');

  it('offers 1900 to this year, with months and days only up to today', () => {
    const years = yearOptions(today);
    expect(years[0]).toBe(1900);
    expect(years.at(-1)).toBe(2026);
    expect(years).toHaveLength(127);
    expect(monthOptions(2025, today)).toHaveLength(12);
    expect(monthOptions(2026, today)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(dayOptions(2026, 11, today).at(-1)).toBe(21);
    expect(dayOptions(2026, 10, today).at(-1)).toBe(31);
  });

  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [1900, 2, 28], // not a leap year
    [2000, 2, 29], // a leap year
    [2023, 4, 30],
    [2023, 12, 31],
  ])('%i-%i has %i days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
    expect(dayOptions(year, month, today)).toHaveLength(days);
  });

  it.each([
    ['2024-01-31 to February', { year: 2024, month: 2, day: 31 }, '2024-02-29'],
    ['2023-01-31 to February', { year: 2023, month: 2, day: 31 }, '2023-02-28'],
    ['31 to April', { year: 2020, month: 4, day: 31 }, '2020-04-30'],
    ['before 1900', { year: 1899, month: 12, day: 31 }, '1900-12-31'],
    ['a later year', { year: 2030, month: 5, day: 5 }, '2026-05-05'],
    ['a later month this year', { year: 2026, month: 12, day: 1 }, '2026-11-01'],
    ['a later day this month', { year: 2026, month: 11, day: 30 }, '2026-11-21'],
    ['day 0', { year: 2020, month: 0, day: 0 }, '2020-01-01'],
    ['the default', DEFAULT_BIRTH_DATE, '1990-01-01'],
  ])('clamps %s', (_, date, expected) => {
    expect(toIsoDate(clampDate(date, today))).toBe(expected);
  });

  it.each([
    ['1900-01-01', true],
    ['2026-11-21', true],
    ['2026-11-22', false],
    ['1899-12-31', false],
  ])('%s is selectable: %s', (text, selectable) => {
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    expect(isSelectable({ year, month, day }, today)).toBe(selectable);
  });
});

describe('dates as text', () => {
  it.each([
    ['1990-01-01', { year: 1990, month: 1, day: 1 }],
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['2023-02-29', null],
    ['2023-13-01', null],
    ['1990-1-1', null],
    ['', null],
  ])('parses %j', (text, date) => {
    expect(parseIsoDate(text)).toEqual(date);
  });

  it('writes YYYY-MM-DD and reads the device calendar', () => {
    expect(toIsoDate({ year: 1905, month: 3, day: 7 })).toBe('1905-03-07');
    expect(todayOf(new Date(2026, 10, 21, 23, 59))).toEqual({ year: 2026, month: 11, day: 21 });
  });
});
