import { effect } from '@preact/signals-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WRAPPER_PRIORITY_MS } from '../../src-shared/domain/position-source.ts';
import { createGeolocation, forwardPositions, GEO_OPTIONS, geoPosition, reportWrapperFix } from './geolocation.ts';

/** A Geolocation that records its watches and lets the test send fixes and errors. */
function fakeGeolocation() {
  const watches = new Map<
    number,
    { ok: PositionCallback; fail?: PositionErrorCallback | null; options?: PositionOptions }
  >();
  let next = 1;
  const geo = {
    watchPosition(ok: PositionCallback, fail?: PositionErrorCallback | null, options?: PositionOptions) {
      const id = next++;
      watches.set(id, { ok, fail, options });
      return id;
    },
    clearWatch(id: number) {
      watches.delete(id);
    },
    getCurrentPosition() {},
  } as unknown as Geolocation;
  return {
    geo,
    watches,
    fix(lat: number, lng: number, accuracy: number, timestamp: number) {
      for (const w of watches.values())
        w.ok({ coords: { latitude: lat, longitude: lng, accuracy }, timestamp } as GeolocationPosition);
    },
    fail(code: number) {
      for (const w of watches.values()) w.fail?.({ code, message: '' } as GeolocationPositionError);
    },
  };
}

describe('geolocation', () => {
  it('watches while held, by reference count, with high accuracy and fixes up to 10 s old', () => {
    const fake = fakeGeolocation();
    const source = createGeolocation(fake.geo);
    expect(fake.watches.size).toBe(0);
    const a = source.start();
    const b = source.start();
    expect(fake.watches.size).toBe(1);
    expect([...fake.watches.values()][0]!.options).toEqual({ enableHighAccuracy: true, maximumAge: 10_000 });
    expect(GEO_OPTIONS.maximumAge).toBe(10_000);
    a();
    a(); // a second release of the same hold does nothing
    expect(source.holders).toBe(1);
    expect(fake.watches.size).toBe(1);
    b();
    expect(source.holders).toBe(0);
    expect(fake.watches.size).toBe(0);
    source.start();
    expect(fake.watches.size).toBe(1);
  });

  it('publishes fixes; an error keeps the last fix, a denial clears it, a fix clears the error', () => {
    const fake = fakeGeolocation();
    const source = createGeolocation(fake.geo);
    source.start();
    expect(source.position.value).toBeNull();
    fake.fix(52.09, 5.12, 12, 1_000);
    expect(source.position.value).toEqual({ lat: 52.09, lng: 5.12, accuracy: 12, at: 1_000 });
    fake.fail(3);
    expect(source.error.value).toBe('timeout');
    expect(source.position.value).not.toBeNull();
    fake.fail(2);
    expect(source.error.value).toBe('unavailable');
    fake.fix(52.1, 5.13, 8, 2_000);
    expect(source.error.value).toBeNull();
    fake.fail(1);
    expect(source.error.value).toBe('denied');
    expect(source.position.value).toBeNull();
  });

  it('keeps the last values after the watch stops, and clears the error on a new start', () => {
    const fake = fakeGeolocation();
    const source = createGeolocation(fake.geo);
    const stop = source.start();
    fake.fix(52.09, 5.12, 12, 1_000);
    fake.fail(2);
    stop();
    expect(source.position.value?.at).toBe(1_000);
    expect(source.error.value).toBe('unavailable');
    source.start();
    expect(source.error.value).toBeNull();
  });

  it('without the API: unsupported', () => {
    const source = createGeolocation(undefined);
    const stop = source.start();
    expect(source.error.value).toBe('unsupported');
    stop();
  });
});

describe('forwarding to the core', () => {
  it('forwards the first fix, a real move and errors, not every fix of a phone standing still', () => {
    const fake = fakeGeolocation();
    const source = createGeolocation(fake.geo);
    source.start();
    const reports: unknown[] = [];
    const stop = forwardPositions((report) => reports.push(report), source);
    fake.fix(52.09, 5.12, 8, 0);
    for (let second = 1; second <= 10; second++) fake.fix(52.09 + second * 1e-6, 5.12, 8, second * 1000);
    expect(reports).toEqual([{ lat: 52.09, lng: 5.12, accuracy: 8, source: 'browser' }]);
    fake.fix(52.091, 5.12, 8, 11_000); // about 110 m on
    fake.fail(3);
    fake.fail(3);
    expect(reports.slice(1)).toEqual([
      { lat: 52.091, lng: 5.12, accuracy: 8, source: 'browser' },
      { error: 'timeout', source: 'browser' },
    ]);
    stop();
    fake.fix(52.2, 5.2, 8, 20_000);
    expect(reports).toHaveLength(3);
  });
});

describe("a native wrapper's fix", () => {
  afterEach(() => {
    reportWrapperFix(null);
    vi.useRealTimers();
  });

  it('shows while it wins, and hands back to the webview once it stops winning, with no new fix from either', () => {
    vi.useFakeTimers();
    const seen: (number | null)[] = [];
    const stop = effect(() => {
      seen.push(geoPosition.value?.lat ?? null);
    });
    reportWrapperFix({ lat: 52.1, lng: 5.1, accuracy: 8, at: Date.now() });
    vi.advanceTimersByTime(WRAPPER_PRIORITY_MS - 1);
    expect(seen).toEqual([null, 52.1]);
    // No device fix here (Node has no geolocation): the subscriber is told all the same.
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([null, 52.1, null]);
    stop();
  });

  it('a newer report keeps it winning for the full time again', () => {
    vi.useFakeTimers();
    reportWrapperFix({ lat: 52.1, lng: 5.1, accuracy: 8, at: Date.now() });
    vi.advanceTimersByTime(WRAPPER_PRIORITY_MS - 10);
    reportWrapperFix({ lat: 52.2, lng: 5.1, accuracy: 8, at: Date.now() });
    vi.advanceTimersByTime(WRAPPER_PRIORITY_MS - 1);
    expect(geoPosition.peek()?.lat).toBe(52.2);
    vi.advanceTimersByTime(1);
    expect(geoPosition.peek()).toBeNull();
  });
});
