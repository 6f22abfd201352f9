/**
 * Age verification's rules, pure (spec sections 5 "Age verification" and 9): a birth date between 1900-01-01 and
 * today, and the recipient 18 or older. Dates are calendar days ({ year, month 1-12, day }), never Date objects, so
 * time zones cannot shift them. The date wheel (src-ui/proof/age.ts), the core before it queues a completion and the
 * server before it stores one all use these.
 */

export interface CalendarDate {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
}

export const ADULT_AGE = 18;
export const MIN_BIRTH_DATE: CalendarDate = { year: 1900, month: 1, day: 1 };

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

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

/** A YYYY-MM-DD day as a calendar date (no validation: see parseIsoDate). */
export const calendarDateOf = (isoDay: string): CalendarDate => ({
  year: Number(isoDay.slice(0, 4)),
  month: Number(isoDay.slice(5, 7)),
  day: Number(isoDay.slice(8, 10)),
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
