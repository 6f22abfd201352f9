/**
 * Locale-aware formatting for dates, times and durations. Dates and times use Intl; durations use the
 * `common.duration.*` messages so their units are translated with everything else.
 */
import type { Language } from '../../src-shared/domain/settings.ts';

/** The Intl locale per app language: British English gives "Saturday 21 November" and 24-hour times. */
export const INTL_LOCALES: Record<Language, string> = {
  en: 'en-GB',
  nl: 'nl-NL',
  de: 'de-DE',
};

/** The part of a `t` function these helpers need (i18next's `t` and react-i18next's `t` both fit). */
export type Translate = (key: string, options: Record<string, unknown>) => string;

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Date, or an ISO date ("2026-11-21", read as that calendar day locally) or date-time string. */
export function toDate(date: Date | string): Date {
  if (date instanceof Date) return date;
  const match = dateOnly.exec(date);
  if (match) return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(date);
}

const weekdayDayMonth = new Map<Language, Intl.DateTimeFormat>();

/**
 * Weekday, day and month: "Saturday 21 November", "zaterdag 21 november", "Samstag, 21. November".
 * Used for the route list's date headings and the allowed-start-date alert.
 */
export function formatWeekdayDayMonth(date: Date | string, language: Language): string {
  let format = weekdayDayMonth.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[language], { weekday: 'long', day: 'numeric', month: 'long' });
    weekdayDayMonth.set(language, format);
  }
  return format.format(toDate(date));
}

/** A calendar date for the About screen's release date: "21 November 2026", "21 november 2026", "21. November 2026". */
export function formatLongDate(date: Date | string, language: Language): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric' }).format(
    toDate(date),
  );
}

const SECONDS_PER_DAY = 86_400;
const timeOfDay = new Map<Language, Intl.DateTimeFormat>();

/**
 * Seconds since midnight as HH:MM on a 24-hour clock (all three languages use it): 29100 gives "08:05".
 * Values past midnight (multi-day routes) wrap to the time of day.
 */
export function formatTimeOfDay(secondsSinceMidnight: number, language: Language): string {
  const seconds = ((Math.floor(secondsSinceMidnight) % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY;
  // One formatter per language: building an Intl.DateTimeFormat costs far more than formatting with it, and a
  // stop list formats three times a row.
  let format = timeOfDay.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[language], {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
    timeOfDay.set(language, format);
  }
  return format.format(new Date(seconds * 1000));
}

/**
 * An instant (ISO 8601) as HH:MM on a 24-hour clock, on the organisation's clock when its zone is given, else the
 * phone's: "14:02". Built per call: these show one or two times on a panel, not a list's worth.
 */
export function formatInstantTime(iso: string, language: Language, timeZone?: string): string {
  const locale = INTL_LOCALES[language] ?? INTL_LOCALES.en;
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(iso),
  );
}

/**
 * A duration in seconds as hours and minutes, rounded to the minute: "2 h 5 min" / "2 u 5 min" / "2 Std. 5 Min.",
 * or minutes alone under an hour ("45 min"). Negative or non-finite values count as zero.
 */
export function formatDuration(seconds: number, t: Translate): string {
  const totalMinutes = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds / 60) : 0;
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours > 0 ? t('common.duration.hoursMinutes', { hours, minutes }) : t('common.duration.minutes', { minutes });
}

/** Minutes (a stop's `duration`, a break's length) with the translated unit: "15 min" / "15 Min.". */
export function formatMinutes(minutes: number, t: Translate): string {
  return t('common.duration.minutes', { minutes: Math.max(0, Math.round(minutes)) });
}
