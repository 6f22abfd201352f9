/**
 * Wall-clock time in a named (IANA) time zone, whatever zone the process runs in. A route's dates and its times
 * of day (arr_time, end_time, finish_time, time windows) are the organisation's: YYYY-MM-DD and seconds since
 * midnight as a clock on the organisation's wall shows them. Pure: Intl only, no process time zone.
 */

const DAY_MS = 86_400_000;

export interface WallClock {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** Seconds since midnight as the zone's clocks show them: 0..86399 (on a DST day, not the seconds elapsed). */
  seconds: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * A time zone name Intl knows, spelt as the IANA database does ("europe/amsterdam" gives "Europe/Amsterdam"; an
 * alias such as "CET" stays itself), or null. Offsets ("+01:00") are refused: a fixed offset knows no summer time.
 */
export function timeZoneName(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/.test(name)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}

/** The date and time of day of an instant on the clocks of `timeZone`. */
export function wallClock(instant: Date | number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    seconds: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
  };
}

/** Seconds since midnight of an instant in `timeZone`. */
export const secondsInZone = (instant: Date | number, timeZone: string) => wallClock(instant, timeZone).seconds;

/** YYYY-MM-DD of an instant in `timeZone`. */
export const dateInZone = (instant: Date | number, timeZone: string) => wallClock(instant, timeZone).date;

/** How far the zone's clocks are ahead of UTC at an instant, in milliseconds (whole seconds). */
function offsetMs(ms: number, timeZone: string): number {
  const { date, seconds } = wallClock(ms, timeZone);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) + seconds * 1000 - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant the zone's clocks show `seconds` after midnight on `date` (seconds past a day run into the next
 * days). A time skipped by a DST change counts on the offset from before it (02:30 on a spring-forward night in
 * Amsterdam is 03:30 summer time); a time shown twice is its first showing.
 */
export function instantInZone(date: string, seconds: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + Math.round(seconds) * 1000;
  // Zones change their offset at most once in a day: the offsets a day before and a day after are the candidates.
  const before = offsetMs(wall - DAY_MS, timeZone);
  const after = offsetMs(wall + DAY_MS, timeZone);
  const shown = [wall - before, wall - after].filter((t) => t + offsetMs(t, timeZone) === wall);
  return new Date(shown.length > 0 ? Math.min(...shown) : wall - before);
}
