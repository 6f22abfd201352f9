/**
 * The age verification's date wheel (spec sections 2 "Age verification" and 9): its geometry and the options each
 * column offers; the rules themselves (the date range, 18 or older) are shared (src-shared/domain/age.ts).
 */
import {
  ADULT_AGE,
  ageOn,
  type CalendarDate,
  compareDates,
  daysInMonth,
  MIN_BIRTH_DATE,
  toIsoDate,
} from '../../src-shared/domain/age.ts';

export const DEFAULT_BIRTH_DATE: CalendarDate = { year: 1990, month: 1, day: 1 };

/** The date wheel (section 9): item height 60 px, 12 items rendered per column; 5 of them fit the viewport. */
export const WHEEL_ITEM_HEIGHT = 60;
export const WHEEL_RENDERED_ITEMS = 12;
export const WHEEL_VISIBLE_ITEMS = 5;

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** The wheel's years: 1900 to this year. */
export const yearOptions = (today: CalendarDate) => range(MIN_BIRTH_DATE.year, today.year);

/** The months of a year, only up to this month in the current year. */
export const monthOptions = (year: number, today: CalendarDate) => range(1, year >= today.year ? today.month : 12);

/** The days of a month, only up to today in the current month. */
export function dayOptions(year: number, month: number, today: CalendarDate): number[] {
  const last = daysInMonth(year, month);
  const current = year === today.year && month === today.month;
  return range(1, current ? Math.min(last, today.day) : last);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The nearest date the wheel can show: the year within 1900 to this year, then the month and the day within what
 * that year and month allow (31 January moved to February becomes the 28th or 29th).
 */
export function clampDate(date: CalendarDate, today: CalendarDate): CalendarDate {
  const year = clamp(Math.trunc(date.year), MIN_BIRTH_DATE.year, today.year);
  const months = monthOptions(year, today);
  const month = clamp(Math.trunc(date.month), 1, months.length);
  const days = dayOptions(year, month, today);
  return { year, month, day: clamp(Math.trunc(date.day), 1, days.length) };
}

export const isSelectable = (date: CalendarDate, today: CalendarDate) =>
  compareDates(clampDate(date, today), date) === 0;

export interface AgeCheck {
  verified: boolean;
  age: number;
  /** YYYY-MM-DD. */
  date: string;
}

/** The Verify button: the age on `today` and whether it is at least 18. */
export function verifyAge(birth: CalendarDate, today: CalendarDate): AgeCheck {
  const date = clampDate(birth, today);
  const age = ageOn(date, today);
  return { verified: age >= ADULT_AGE, age, date: toIsoDate(date) };
}
