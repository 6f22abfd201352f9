/** Calendar arithmetic on YYYY-MM-DD dates, independent of time zones (computed at noon UTC). */

const DAY_MS = 86_400_000;

function toUtcNoon(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, 12);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromUtc(toUtcNoon(date) + days * DAY_MS);
}

/** 0 = Sunday ... 6 = Saturday. */
function weekday(date: string): number {
  return new Date(toUtcNoon(date)).getUTCDay();
}

/** The Monday of the week holding `date` (weeks start on Monday). */
export function mondayOf(date: string): string {
  return addDays(date, -((weekday(date) + 6) % 7));
}
