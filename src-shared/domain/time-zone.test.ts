import { describe, expect, it } from 'vitest';
import { dateInZone, instantInZone, secondsInZone, timeZoneName, wallClock } from './time-zone.ts';

const AMS = 'Europe/Amsterdam';
const NYC = 'America/New_York';
const h = (hours: number, minutes = 0, seconds = 0) => hours * 3600 + minutes * 60 + seconds;

describe('wallClock', () => {
  it.each([
    // instant (UTC), zone, date there, time of day there
    ['2026-11-23T09:16:43Z', 'UTC', '2026-11-23', h(9, 16, 43)],
    ['2026-11-23T09:16:43Z', AMS, '2026-11-23', h(10, 16, 43)],
    ['2026-11-23T09:16:43Z', NYC, '2026-11-23', h(4, 16, 43)],
    // The same instant is a day apart in the two zones around midnight.
    ['2026-11-23T23:30:00Z', AMS, '2026-11-24', h(0, 30)],
    ['2026-11-24T03:30:00Z', NYC, '2026-11-23', h(22, 30)],
    ['2026-07-01T12:00:00Z', AMS, '2026-07-01', h(14)],
    ['2026-07-01T12:00:00Z', NYC, '2026-07-01', h(8)],
    ['2026-12-31T23:59:59Z', 'UTC', '2026-12-31', 86_399],
    ['2027-01-01T00:00:00Z', 'UTC', '2027-01-01', 0],
    // Amsterdam springs forward on 29 March 2026 at 02:00 (01:00Z): the clock shows 03:00, not 02:00.
    ['2026-03-29T00:59:59Z', AMS, '2026-03-29', h(1, 59, 59)],
    ['2026-03-29T01:00:00Z', AMS, '2026-03-29', h(3)],
    ['2026-03-29T01:30:00Z', AMS, '2026-03-29', h(3, 30)],
    // ... and falls back on 25 October 2026 at 03:00 (01:00Z): 02:30 is shown twice.
    ['2026-10-25T00:30:00Z', AMS, '2026-10-25', h(2, 30)],
    ['2026-10-25T01:30:00Z', AMS, '2026-10-25', h(2, 30)],
    ['2026-10-25T02:00:00Z', AMS, '2026-10-25', h(3)],
    // New York: 8 March 2026 02:00 EST jumps to 03:00 EDT; 1 November 2026 02:00 EDT goes back to 01:00 EST.
    ['2026-03-08T07:00:00Z', NYC, '2026-03-08', h(3)],
    ['2026-11-01T05:30:00Z', NYC, '2026-11-01', h(1, 30)],
    ['2026-11-01T06:30:00Z', NYC, '2026-11-01', h(1, 30)],
  ])('%s in %s is %s at %i s', (iso, zone, date, seconds) => {
    expect(wallClock(Date.parse(iso), zone)).toEqual({ date, seconds });
    expect(dateInZone(new Date(iso), zone)).toBe(date);
    expect(secondsInZone(new Date(iso), zone)).toBe(seconds);
  });
});

describe('instantInZone', () => {
  it.each([
    ['2026-11-23', h(8), AMS, '2026-11-23T07:00:00.000Z'],
    ['2026-11-23', h(8), NYC, '2026-11-23T13:00:00.000Z'],
    ['2026-11-23', h(8), 'UTC', '2026-11-23T08:00:00.000Z'],
    ['2026-07-01', h(8), AMS, '2026-07-01T06:00:00.000Z'],
    // Past midnight runs into the next day (multi-day routes).
    ['2026-11-23', h(25), AMS, '2026-11-24T00:00:00.000Z'],
    // Skipped by the spring-forward: counted on winter time, so 02:30 is 03:30 summer time.
    ['2026-03-29', h(2, 30), AMS, '2026-03-29T01:30:00.000Z'],
    ['2026-03-29', h(3), AMS, '2026-03-29T01:00:00.000Z'],
    ['2026-03-29', h(1, 59), AMS, '2026-03-29T00:59:00.000Z'],
    // Shown twice at the fall-back: its first showing (summer time).
    ['2026-10-25', h(2, 30), AMS, '2026-10-25T00:30:00.000Z'],
    ['2026-10-25', h(3), AMS, '2026-10-25T02:00:00.000Z'],
    ['2026-11-01', h(1, 30), NYC, '2026-11-01T05:30:00.000Z'],
    ['2026-03-08', h(2, 30), NYC, '2026-03-08T07:30:00.000Z'],
  ])('%s at %i s in %s is %s', (date, seconds, zone, iso) => {
    expect(instantInZone(date, seconds, zone).toISOString()).toBe(iso);
  });

  it('turns back into the same wall clock for every hour of a year in both zones', () => {
    for (const zone of [AMS, NYC]) {
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3_600_000 * 11) {
        const { date, seconds } = wallClock(ms, zone);
        expect(wallClock(instantInZone(date, seconds, zone), zone)).toEqual({ date, seconds });
      }
    }
  });
});

describe('timeZoneName', () => {
  it.each([
    ['Europe/Amsterdam', 'Europe/Amsterdam'],
    ['europe/amsterdam', 'Europe/Amsterdam'],
    ['America/New_York', 'America/New_York'],
    ['UTC', 'UTC'],
    ['utc', 'UTC'],
    ['Etc/GMT+1', 'Etc/GMT+1'],
    ['Mars/Olympus_Mons', null],
    ['+01:00', null],
    ['Europe/Amsterdam ', null],
    ['', null],
    ['../etc/passwd', null],
  ])('%j is %j', (name, expected) => {
    expect(timeZoneName(name)).toBe(expected);
  });
});
