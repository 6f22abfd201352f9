/**
 * The device's position, as signals: one watchPosition shared by everyone who needs it (the route view while it is
 * open, in map and list mode, and later the location timer). Each user calls `startGeolocation()` and the function
 * it returns when done; the watch runs while at least one user holds it. High accuracy, fixes up to 10 s old.
 *
 *   useEffect(() => startGeolocation(), []);      // in the route view
 *   const fix = geoPosition.value;                // {lat, lng, accuracy, at} | null (with useSignals())
 *
 * Not part of the map's chunk: nothing here loads maplibre.
 */
import { effect, type ReadonlySignal, signal } from '@preact/signals-core';
import type { PositionReport } from '../../src-shared/api/worker-api.ts';
import { type LastForwarded, type Reading, shouldForward } from '../../src-shared/domain/position-forwarding.ts';
import { WRAPPER_PRIORITY_MS, wrapperWins } from '../../src-shared/domain/position-source.ts';

export interface GeoFix {
  lat: number;
  lng: number;
  /** Metres (95% confidence radius, as the browser reports it). */
  accuracy: number;
  /** Epoch ms of the fix (the browser's timestamp). */
  at: number;
}

/** denied: the driver (or the browser) refused; unavailable: no fix could be had; timeout; unsupported: no API. */
type GeoError = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 10_000 };

export interface GeolocationSource {
  position: ReadonlySignal<GeoFix | null>;
  error: ReadonlySignal<GeoError | null>;
  /** Holds the watch; the returned function releases this hold (calling it again does nothing). */
  start(): () => void;
  /** How many holds there are (tests, diagnostics). */
  readonly holders: number;
}

const ERROR_CODES: Record<number, GeoError> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

/**
 * A position source over a Geolocation API (navigator.geolocation, or a fake in tests; undefined when the browser
 * has none). A new fix clears the error; an error keeps the last fix (its `at` tells its age), except a denial,
 * which clears it. Releasing the last hold stops the watch and keeps the last values.
 */
export function createGeolocation(geo: Geolocation | undefined): GeolocationSource {
  const position = signal<GeoFix | null>(null);
  const error = signal<GeoError | null>(null);
  let holders = 0;
  let watchId: number | null = null;

  function begin() {
    if (!geo) {
      error.value = 'unsupported';
      return;
    }
    error.value = null;
    watchId = geo.watchPosition(
      (p) => {
        position.value = {
          lat: p.coords.latitude,
          lng: p.coords.longitude,
          accuracy: p.coords.accuracy,
          at: p.timestamp,
        };
        error.value = null;
      },
      (e) => {
        const code = ERROR_CODES[e.code] ?? 'unavailable';
        if (code === 'denied') position.value = null;
        error.value = code;
      },
      GEO_OPTIONS,
    );
  }

  function end() {
    if (watchId !== null) geo?.clearWatch(watchId);
    watchId = null;
  }

  return {
    position,
    error,
    get holders() {
      return holders;
    },
    start() {
      holders += 1;
      if (holders === 1) begin();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders -= 1;
        if (holders === 0) end();
      };
    },
  };
}

const device = createGeolocation(typeof navigator !== 'undefined' ? navigator.geolocation : undefined);
/**
 * The last fix a native wrapper reported (docs/native-bridge.md) and when it came, or null. It wins over the
 * webview's own while it is recent, by the rule the core's location timer follows (position-source.ts).
 */
const wrapperFix = signal<(GeoFix & { receivedAt: number }) | null>(null);
const winning = (fix: (GeoFix & { receivedAt: number }) | null, now = Date.now()): GeoFix | null =>
  fix && wrapperWins(fix.receivedAt, now) ? fix : null;

/** A value read from signals: `.value` subscribes (in an effect, or a component with useSignals()), `.peek()` not. */
export interface SignalRead<T> {
  readonly value: T;
  peek(): T;
}

/**
 * The device's last fix (the wrapper's when it reports one), or null. Read through both signals rather than a
 * `computed`, which would be one more export of the first screen's shared chunk for this alone.
 */
export const geoPosition: SignalRead<GeoFix | null> = {
  get value() {
    // Both read, so a device fix after the wrapper went quiet shows (the wrapper's is checked for age then).
    const own = device.position.value;
    return winning(wrapperFix.value) ?? own;
  },
  peek: () => winning(wrapperFix.peek()) ?? device.position.peek(),
};

let wrapperExpiry: ReturnType<typeof setTimeout> | undefined;

/** A native wrapper's fix; null when it says it has none (then the webview's own shows again). */
export function reportWrapperFix(fix: GeoFix | null): void {
  clearTimeout(wrapperExpiry);
  wrapperFix.value = fix ? { ...fix, receivedAt: Date.now() } : null;
  // A wrapper that goes quiet hands back to the webview's own when its last fix stops winning, not at the device's
  // next fix: a phone standing still may send none, and the map would keep the wrapper's old fix (and hide an error).
  if (fix) {
    wrapperExpiry = setTimeout(() => {
      wrapperFix.value = null;
    }, WRAPPER_PRIORITY_MS);
  }
}
/** Holds the device's position watch; call the returned function to release it. */
export const startGeolocation = (): (() => void) => device.start();

/**
 * Forwards the webview's own fixes (and why there is none) to the core, which owns the live location timer
 * (src-worker/live/location-tracker.ts): not each fix, only those the core needs (position-forwarding.ts: the
 * first, a real move, one per timer interval, an error). A wrapper's fixes reach the core from the bridge, marked as
 * the wrapper's (src-ui/platform/native-session.ts). Returns the stop.
 */
export function forwardPositions(
  report: (position: PositionReport) => unknown,
  source: Pick<GeolocationSource, 'position' | 'error'> = device,
): () => void {
  let last: LastForwarded = null;
  return effect(() => {
    const fix = source.position.value;
    const error = source.error.value;
    const reading: Reading | null = error
      ? { kind: 'error', error }
      : fix
        ? { kind: 'fix', at: fix.at, position: fix }
        : null;
    if (!reading || !shouldForward(last, reading)) return;
    last = reading;
    if (error) void report({ error, source: 'browser' });
    else if (fix) void report({ lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy, source: 'browser' });
  });
}
