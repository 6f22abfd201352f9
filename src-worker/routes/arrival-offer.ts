/**
 * Arrival noticed by the phone (issue 34, docs/delivery-outcomes.md): from the positions the core already receives
 * (the page's geolocation watch or a native wrapper, reportPosition), the stop whose card offers Arrived with a gentle
 * prompt, in the state as `arrival.offer`. The rule itself is src-shared/domain/arrival.ts (arrivalNoticed, gated by
 * arrivalSetup); this service only keeps the recent samples, picks the stop and keeps the offer honest:
 *
 * - The stop is the active stop, the one whose card carries Arrived (the core moves it on with the shared
 *   nextActiveStop; the driver may pick another), only while it is a pending delivery or pickup the rules let the
 *   driver act on (actionBlock): never for a stop done, a break, the start or the end.
 * - The offer goes when that stop is done, another stop becomes the active one, the route closes, or a position
 *   comes from outside the radius (the driver moved away). It does not go for want of news: a phone standing still
 *   may say nothing new for a while.
 * - Dismissed (or answered with Arrived, which opens the complete screen), it does not come back for that stop until
 *   a position outside its radius says the driver left; kept that simple on purpose, one stop remembered.
 *
 * The page forwards a fix only when the driver moved 15 m or its interval passed (position-forwarding.ts), so a
 * standing phone says where it is about once in 30 s, and a browser whose position does not change may say nothing.
 * While the last fix is that recent, no news means the phone is still there: a check every few seconds records it as
 * a sample at the same place (a "held" sample), so the 20 s of standing are counted, not the next fix awaited.
 *
 * Where the organisation records arrivals by itself (`arrival_auto_record`), an offer made also emits
 * `arrival/noticed`, which arrival-records.ts sends to the server; the prompt shows all the same, for Arrived opens
 * the complete screen. A stop the server already has an arrival for is offered nothing.
 */
import type { PositionReport } from '../../src-shared/api/worker-api.ts';
import {
  arrivalNoticed,
  arrivalSetup,
  arrivalStopProblem,
  type PositionSample,
} from '../../src-shared/domain/arrival.ts';
import { haversineMetres } from '../../src-shared/domain/geo.ts';
import { LOCATION_INTERVAL_MS, wrapperWins } from '../../src-shared/domain/position-source.ts';
import { actionBlock, nextActiveStop } from '../../src-shared/domain/stops.ts';
import type { Stop } from '../../src-shared/protocol/entities.ts';
import type { Store } from '../base/store.ts';
import type { CoreContext } from '../core-context.ts';
import type { RouteEvent } from './route-events.ts';

/** How often a standing phone's last fix is taken as still true (and the rule asked again). */
const ARRIVAL_CHECK_MS = 5_000;
/** A last fix older than this no longer stands for where the phone is: a fix is forwarded at least this often. */
const HOLD_MS = LOCATION_INTERVAL_MS + 10_000;
/** Samples older than this are forgotten: the rule looks back 20 s, this leaves room for a held stretch. */
const KEEP_MS = 90_000;

export interface ArrivalOffer {
  /** A position (or why there is none) from the page or the wrapper, as reportPosition hands it on. */
  position(report: PositionReport): void;
  /** The route shown or its stops changed (a completion, a refresh, the dispatcher): the offer follows. */
  routeChanged(): void;
  /** The driver dismissed the prompt for this stop (or answered it with Arrived). */
  dismiss(stopId: number): void;
  /** The route closed or the session ended: nothing is offered, and the samples of that route go. */
  routeClosed(): void;
}

/** The route's arrival setup as the store has it now (the plan, the route's setting, the organisation's config). */
function setupNow(store: Store) {
  const { route, organisation } = store.get();
  const settings = route?.route?.publication_settings ?? {};
  return arrivalSetup(organisation?.plan ?? null, settings, organisation?.config ?? null);
}

/** The stop the card offers Arrived on now, if arrival can be offered for it at all. */
function targetStop(store: Store, on: boolean): Stop | null {
  const shown = store.get().route;
  const route = shown?.route;
  if (!on || !route || route.status !== 'in_progress') return null;
  const id = shown.activeStopId ?? nextActiveStop(route.stops, null);
  const stop = route.stops.find((s) => s.id === id);
  // The rule the server records arrivals by: a pending delivery or pickup with none yet.
  if (!stop || arrivalStopProblem(stop) !== null) return null;
  return actionBlock(route, stop.id) === null ? stop : null;
}

/** The stop is gone from the route, or the latest position is outside its radius: the driver is not there. */
function awayFrom(store: Store, latest: PositionSample | undefined, stopId: number, radiusM: number): boolean {
  const stop = store.get().route?.route?.stops.find((s) => s.id === stopId);
  return !stop || (latest !== undefined && haversineMetres(latest.position, stop.address) > radiusM);
}

/**
 * The recent positions the rule reads: the wrapper's winning over the page's (as for the location timer), a lost
 * fix clearing them, and a standing phone's last fix held as still true while it is recent (see the file's comment).
 */
function createPositionSamples(now: () => number) {
  let samples: PositionSample[] = [];
  /** When the last real fix came (epoch ms); held samples stand for it until HOLD_MS has passed. */
  let fixAt = Number.NEGATIVE_INFINITY;
  /** When the wrapper last reported. */
  let wrapperAt: number | null = null;
  return {
    /** Takes a report; false when it is the page's while the wrapper reports (ignored). */
    take(report: PositionReport): boolean {
      const at = now();
      if (report.source === 'wrapper') wrapperAt = at;
      else if (wrapperWins(wrapperAt, at)) return false;
      if ('error' in report) {
        // The phone no longer knows where it is: nothing to hold.
        samples = [];
        fixAt = Number.NEGATIVE_INFINITY;
      } else {
        samples.push({ at, position: { lat: report.lat, lng: report.lng }, speedMps: null });
        fixAt = at;
      }
      return true;
    },
    /** The last fix is recent enough to stand for where the phone is now. */
    holding: () => now() - fixAt <= HOLD_MS,
    /** No news since the last fix: the phone is still where it said. */
    hold() {
      const latest = samples.at(-1);
      const at = now();
      if (latest && at > latest.at && at - fixAt <= HOLD_MS) samples.push({ ...latest, at, speedMps: null });
    },
    /** The samples the rule looks at, the old ones forgotten. */
    recent(): PositionSample[] {
      const at = now();
      samples = samples.filter((s) => at - s.at <= KEEP_MS);
      return samples;
    },
    clear() {
      samples = [];
    },
  };
}

export function createArrivalOffer({ store, timers, now, emit }: CoreContext<RouteEvent>): ArrivalOffer {
  const positions = createPositionSamples(now);
  /** The stop the driver dismissed the prompt for; forgotten once they are seen outside its radius. */
  let dismissed: number | null = null;
  let timer: unknown = null;

  const offered = () => store.get().arrival.offer;
  const setOffer = (stopId: number | null) => {
    if ((offered()?.stopId ?? null) !== stopId) store.set(['arrival', 'offer'], stopId === null ? null : { stopId });
  };

  /** Asks the rule again and sets or clears the offer; keeps the check running while an offer may still come. */
  function check() {
    const samples = positions.recent();
    const setup = setupNow(store);
    const stop = targetStop(store, setup.on);
    const away = (stopId: number) => awayFrom(store, samples.at(-1), stopId, setup.rule.radiusM);
    if (dismissed !== null && away(dismissed)) dismissed = null;
    const current = offered();
    if (current && (current.stopId !== stop?.id || away(current.stopId))) setOffer(null);
    const waiting = stop !== null && offered() === null && dismissed !== stop.id;
    if (waiting && arrivalNoticed(samples, stop.address, now(), setup.rule)) {
      setOffer(stop.id);
      const route = store.get().route?.route;
      if (setup.autoRecord && route) emit({ type: 'arrival/noticed', route, stopId: stop.id });
    }
    schedule(waiting && offered() === null && positions.holding());
  }

  function schedule(needed: boolean) {
    if (!needed) {
      if (timer !== null) timers.clear(timer);
      timer = null;
      return;
    }
    timer ??= timers.set(() => {
      timer = null;
      positions.hold();
      check();
    }, ARRIVAL_CHECK_MS);
  }

  return {
    position(report) {
      // An offer made stays when the phone loses its fix: nothing says the driver left.
      if (positions.take(report)) check();
    },
    routeChanged: check,
    dismiss(stopId) {
      dismissed = stopId;
      if (offered()?.stopId === stopId) setOffer(null);
    },
    routeClosed() {
      positions.clear();
      dismissed = null;
      schedule(false);
      setOffer(null);
    },
  };
}
