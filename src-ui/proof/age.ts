/**
 * Age verification, pure (spec sections 5 "Age verification" and 9): the birth date is picked on a date wheel
 * between 1900-01-01 and today (default 1990-01-01), and the recipient must be 18 or older. Dates are calendar
 * days ({ year, month 1-12, day }), never Date objects, so time zones cannot shift them.
 */

export interface CalendarDate {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
}

export const ADULT_AGE = 18;
export const MIN_BIRTH_DATE: CalendarDate = { year: 1900, month: 1, day: 1 };
export const DEFAULT_BIRTH_DATE: CalendarDate = { year: 1990, month: 1, day: 1 };

/** The date wheel (section 9): item height 60 px, 12 items rendered per column; 5 of them fit the viewport. */
export const WHEEL_ITEM_HEIGHT = 60;
export const WHEEL_RENDERED_ITEMS = 12;
export const WHEEL_VISIBLE_ITEMS = 5;

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Today on the device's calendar. */
export const todayOf = (now: Date = new Date()): CalendarDate => ({
  year: now.getFullYear(),
  month: now.getMonth() + 1,
  day: now.getDate(),
});

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * Completed years on `on`. Someone born on 29 February has their birthday on 1 March in other years (the later
 * reading, as German and British law count it), so nobody is let through a day early.
 */
export function ageOn(birth: CalendarDate, on: CalendarDate): number {
  const years = on.year - birth.year;
  let birthday = { year: on.year, month: birth.month, day: birth.day };
  if (birth.month === 2 && birth.day === 29 && !isLeapYear(on.year)) birthday = { year: on.year, month: 3, day: 1 };
  return compareDates(on, birthday) >= 0 ? years : years - 1;
}

export const isAdult = (birth: CalendarDate, on: CalendarDate) => ageOn(birth, on) >= ADULT_AGE;

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

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** YYYY-MM-DD, as StopCompletion.proofs.recipient_date_of_birth wants it. */
export const toIsoDate = (date: CalendarDate) => `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;

/** A real calendar day written as YYYY-MM-DD, else null. */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date.year, date.month)) return null;
  return date;
}

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
