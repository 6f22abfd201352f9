import { describe, expect, it } from 'vitest';
import {
  type DeviceTimed,
  deviceTimeOutside,
  deviceTimes,
  deviceTimeWindow,
  inDeviceTimeWindow,
  withoutDeviceTimes,
} from './device-times.ts';

const AMSTERDAM = 'Europe/Amsterdam';
const received = Date.parse('2026-11-27T10:00:00Z');

describe('deviceTimeWindow', () => {
  it.each<[string, Parameters<typeof deviceTimeWindow>[0], string, string]>([
    // Midnight of 26 November in Amsterdam (UTC+1) is 23:00 UTC the day before.
    ['a route of today', { days: ['2026-11-27', '2026-11-27'] }, AMSTERDAM, '2026-11-25T23:00:00.000Z'],
    ['the earlier of its two dates', { days: ['2026-11-27', '2026-11-20'] }, AMSTERDAM, '2026-11-18T23:00:00.000Z'],
    [
      'started before its (moved) date',
      { days: ['2026-11-30'], startedAt: '2026-11-24T08:00:00Z' },
      AMSTERDAM,
      '2026-11-22T23:00:00.000Z',
    ],
    ['in summer time', { days: ['2026-07-10'] }, AMSTERDAM, '2026-07-08T22:00:00.000Z'],
    ['in another zone', { days: ['2026-11-27'] }, 'America/New_York', '2026-11-26T05:00:00.000Z'],
  ])('%s', (_name, route, zone, from) => {
    const span = deviceTimeWindow(route, zone, received);
    expect(new Date(span.from).toISOString()).toBe(from);
    expect(new Date(span.to).toISOString()).toBe('2026-11-27T10:10:00.000Z');
  });
});

describe('inDeviceTimeWindow', () => {
  const span = deviceTimeWindow({ days: ['2026-11-27'] }, AMSTERDAM, received);
  it.each<[string, string, boolean]>([
    ['the window’s first instant', '2026-11-25T23:00:00Z', true],
    ['a second before it', '2026-11-25T22:59:59Z', false],
    ['now', '2026-11-27T10:00:00Z', true],
    ['ten minutes ahead', '2026-11-27T10:10:00Z', true],
    ['eleven minutes ahead', '2026-11-27T10:11:00Z', false],
    ['a phone reset to 2001', '2001-01-01T00:00:00Z', false],
    ['with an offset', '2026-11-27T11:05:00+01:00', true],
  ])('%s', (_name, instant, inside) => {
    expect(inDeviceTimeWindow(instant, span)).toBe(inside);
  });
});

const body: DeviceTimed = {
  completed_at: '2026-11-27T09:00:00Z',
  finish_time: '36000',
  captured_at: { images: { 0: '2026-11-27T08:58:00Z', 1: '2030-01-01T00:00:00Z' }, signature: '2026-11-27T08:59:00Z' },
  units: [{ scanned_at: '2026-11-27T08:50:00Z' }, { scanned_at: null }, { scanned_at: '2001-01-01T00:00:00Z' }],
};

describe('deviceTimes', () => {
  it('names every device time as the server does', () => {
    expect(deviceTimes(body).map(([field]) => field)).toEqual([
      'completed_at',
      'captured_at.images.0',
      'captured_at.images.1',
      'captured_at.signature',
      'units.0.scanned_at',
      'units.2.scanned_at',
    ]);
    expect(deviceTimes({})).toEqual([]);
  });

  it('finds the first outside the window', () => {
    const span = deviceTimeWindow({ days: ['2026-11-27'] }, AMSTERDAM, received);
    expect(deviceTimeOutside(body, span)).toEqual(['captured_at.images.1', '2030-01-01T00:00:00Z']);
    expect(deviceTimeOutside({ completed_at: '2026-11-27T09:00:00Z' }, span)).toBeNull();
  });
});

describe('withoutDeviceTimes', () => {
  it.each<[string, string[], DeviceTimed]>([
    ['nothing', [], body],
    [
      'completed_at takes the finish_time of the same clock with it',
      ['completed_at'],
      { captured_at: body.captured_at, units: body.units },
    ],
    [
      'one photo’s capture time',
      ['captured_at.images.1'],
      { ...body, captured_at: { images: { 0: '2026-11-27T08:58:00Z' }, signature: '2026-11-27T08:59:00Z' } },
    ],
    [
      'every capture time: no captured_at left',
      ['captured_at.images.0', 'captured_at.images.1', 'captured_at.signature'],
      { completed_at: body.completed_at, finish_time: body.finish_time, units: body.units },
    ],
    [
      'a unit’s scan time becomes null (the scan stays)',
      ['units.2.scanned_at'],
      { ...body, units: [body.units![0]!, body.units![1]!, { scanned_at: null }] },
    ],
  ])('%s', (_name, fields, expected) => {
    expect(withoutDeviceTimes(body, new Set(fields))).toEqual(expected);
  });
});
