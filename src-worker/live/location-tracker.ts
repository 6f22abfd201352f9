/**
 * Live location (spec section 4 "Location tracking", section 7, section 9): while the route is in progress and the
 * plan allows tracking, the latest position (or why there is none) goes on the socket at once when tracking starts
 * (the dispatcher sees the driver within a second, not half a minute later) and then every 30 s; every second tick
 * (about every 60 s) it is also PATCHed to the server. Positions come from the UI's geolocation watch or a
 * native wrapper (reportPosition); the worker only keeps the latest. The timer stops when the route is no longer in
 * progress, the session ends, or the page has been hidden longer than HIDDEN_LIMIT_MS (a phone in a pocket with the
 * app in the background: a native wrapper keeps tracking on its own and reports positions, which restart it).
 *
 * Two sources can report at once inside a wrapper: the wrapper's win while it keeps reporting, a fix or why it has
 * none (src-shared/domain/position-source.ts, the rule the page's map follows too).
 */
import type { PositionReport } from '../../src-shared/api/worker-api.ts';
import { LOCATION_INTERVAL_MS, wrapperWins } from '../../src-shared/domain/position-source.ts';
import type { LocationMessage } from '../../src-shared/protocol/socket.ts';
import type { CoreContext } from '../core-context.ts';

/** Hidden longer than this, the page's own position is stale (browsers stop watching it): the timer stops. */
const HIDDEN_LIMIT_MS = 5 * 60_000;

interface TrackedRoute {
  routeId: number;
  projectId: number;
}

/** Where the positions go; the clock is the core's (a test's fake one needs no core). */
export interface LocationTrackerDeps {
  /** Sends on the socket when it is open; false when not. */
  send: (message: LocationMessage) => boolean;
  /** PATCH /v1/projects/{projectId}/routes/{routeId}/location {lat, lng} as text. */
  patch: (route: TrackedRoute, position: { lat: string; lng: string }) => Promise<void>;
}

const text = (n: number) => n.toFixed(7);

/** The location timer of the route tracked now. */
export interface LocationTracker {
  /** The route to track now (in progress, tracking allowed), or null to stop. */
  follow(next: TrackedRoute | null): void;
  /** A position, or why there is none, from the page or a native wrapper: the latest is what the next tick sends. */
  position(report: PositionReport): void;
  /** The page was shown or hidden: hidden too long, the timer stops until a position or the page's return. */
  visible(visible: boolean): void;
  /** No route tracked any more (it closed, or the session ended). */
  stop(): void;
  /** Whether the timer runs. */
  readonly running: boolean;
}

export function createLocationTracker(
  core: Pick<CoreContext, 'timers' | 'now'>,
  deps: LocationTrackerDeps,
): LocationTracker {
  let route: TrackedRoute | null = null;
  let timer: unknown = null;
  let ticks = 0;
  let latest: PositionReport | null = null;
  let hiddenSince: number | null = null;
  /** When the wrapper last reported (epoch ms), or null when it never has. */
  let wrapperAt: number | null = null;

  function stop() {
    if (timer !== null) core.timers.clear(timer);
    timer = null;
  }

  function tick() {
    timer = null;
    if (!route) return;
    if (hiddenSince !== null && core.now() - hiddenSince > HIDDEN_LIMIT_MS) return;
    ticks += 1;
    if (latest) {
      const data = 'error' in latest ? { error: latest.error } : { lat: text(latest.lat), lng: text(latest.lng) };
      const sent = deps.send({ type: 'location', data });
      // Every second tick the server is told over HTTP too; and on any tick the socket could not take (it is still
      // connecting, or reconnecting), so the dispatcher is never left without the driver's position.
      if ((ticks % 2 === 0 || !sent) && !('error' in latest))
        void deps.patch(route, { lat: text(latest.lat), lng: text(latest.lng) });
    }
    timer = core.timers.set(tick, LOCATION_INTERVAL_MS);
  }

  function start() {
    // Nothing to send until the device has said where it is (or why it cannot); then the first tick is now.
    if (timer !== null || !route || latest === null) return;
    tick();
  }

  return {
    follow(next) {
      if (next && route && next.routeId === route.routeId) return;
      stop();
      route = next;
      ticks = 0;
      if (route) start();
    },
    position(report) {
      if (report.source === 'wrapper') wrapperAt = core.now();
      else if (wrapperWins(wrapperAt, core.now())) return;
      latest = report;
      // A position while hidden (a native wrapper tracking in the background) is as good as a visible page's.
      hiddenSince = null;
      start();
    },
    visible(visible) {
      if (visible) {
        hiddenSince = null;
        start();
      } else hiddenSince ??= core.now();
    },
    stop() {
      route = null;
      stop();
    },
    get running() {
      return timer !== null;
    },
  };
}
