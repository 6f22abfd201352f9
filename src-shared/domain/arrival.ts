/**
 * Arrival noticed by the phone (issue 34; docs/delivery-outcomes.md): the driver's positions (the browser's or the
 * wrapper's) have stayed within a radius of the next stop for a short while, without moving fast. Pure: the core
 * feeds it the positions it already receives and offers Arrived on the stop's card when it says so; a stop already
 * arrived at or done is left out by arrivalStopProblem, the rule the server records arrivals by too.
 */
import { ARRIVAL_RADIUS_DEFAULT_M } from '../limits.ts';
import type { OrganisationConfig, Plan, PublicationSettings, Stop, StopType } from '../protocol/entities.ts';
import { haversineMetres, type LatLng } from './geo.ts';
import { isDone } from './stops.ts';

export interface PositionSample {
  /** Epoch ms. */
  at: number;
  position: LatLng;
  /** Metres per second as the device reports it; null when it does not (then it is taken from the move). */
  speedMps: number | null;
}

export interface ArrivalRule {
  radiusM: number;
  /** How long the positions must have stayed inside. */
  dwellMs: number;
  /** Faster than this (walking pace and a little) is passing by, not arriving. */
  maxSpeedMps: number;
}

export const DEFAULT_ARRIVAL_RULE: ArrivalRule = {
  radiusM: ARRIVAL_RADIUS_DEFAULT_M,
  dwellMs: 20_000,
  maxSpeedMps: 2.5,
};

/** The speed at `i`: the device's, else the move from the sample before (0 for the first with none). */
function speedAt(samples: readonly PositionSample[], i: number): number {
  const sample = samples[i]!;
  if (sample.speedMps !== null) return sample.speedMps;
  const before = samples[i - 1];
  if (!before || sample.at <= before.at) return 0;
  return haversineMetres(before.position, sample.position) / ((sample.at - before.at) / 1000);
}

/**
 * Whether the samples (oldest first) say the driver has arrived at `target` by `now`: the latest ones, back to at
 * least `dwellMs` before now, all inside the radius and slow. A latest sample older than the dwell says nothing.
 */
export function arrivalNoticed(
  samples: readonly PositionSample[],
  target: LatLng,
  now: number,
  rule: ArrivalRule = DEFAULT_ARRIVAL_RULE,
): boolean {
  const latest = samples.at(-1);
  if (!latest || now - latest.at > rule.dwellMs) return false;
  for (let i = samples.length - 1; i >= 0; i--) {
    const sample = samples[i]!;
    const inside = haversineMetres(sample.position, target) <= rule.radiusM;
    if (!inside || speedAt(samples, i) > rule.maxSpeedMps) return false;
    if (now - sample.at >= rule.dwellMs) return true;
  }
  return false;
}

/** Whether and how a route notices arrival: the plan's flag and the route's setting, with the organisation's config. */
export interface ArrivalSetup {
  on: boolean;
  /** The arrival is recorded by itself, not only offered. */
  autoRecord: boolean;
  rule: ArrivalRule;
}

/**
 * The arrival setup of a route, as outcomeGates (outcomes/rules.ts) says for the outcomes: the plan's flag and the route's
 * setting, both on; off unless set, so every route stored before keeps the spec's flows. Without the organisation (a
 * shared link offline on first open) the route's own setting decides, with the defaults.
 */
export function arrivalSetup(
  plan: Partial<Pick<Plan, 'ft_arrival_detection'>> | null,
  settings: Partial<Pick<PublicationSettings, 'arrival_detection'>>,
  config: Partial<Pick<OrganisationConfig, 'arrival_radius_m' | 'arrival_auto_record'>> | null,
): ArrivalSetup {
  const planHas = plan === null || plan.ft_arrival_detection === true;
  return {
    on: planHas && settings.arrival_detection === true,
    autoRecord: config?.arrival_auto_record === true,
    rule: { ...DEFAULT_ARRIVAL_RULE, radiusM: config?.arrival_radius_m ?? DEFAULT_ARRIVAL_RULE.radiusM },
  };
}

/** The stops a driver arrives at: the start, the end and a break have no door to arrive at. */
export const ARRIVAL_STOP_TYPES = ['delivery', 'pickup'] as const satisfies readonly StopType[];

/** Why a stop takes no new arrival: its type has none, it is done, or it has its arrival already. */
type ArrivalStopProblem = 'stop_type' | 'done' | 'arrived';

/**
 * Whether a stop takes an arrival now: only a pending delivery or pickup without one. The core offers Arrived only
 * for such a stop (arrival-offer.ts), and the server records one only for such a stop (repo/stop-arrivals.ts).
 */
export function arrivalStopProblem(stop: Pick<Stop, 'type' | 'status' | 'arrived_at'>): ArrivalStopProblem | null {
  if (!(ARRIVAL_STOP_TYPES as readonly StopType[]).includes(stop.type)) return 'stop_type';
  if (isDone(stop)) return 'done';
  return stop.arrived_at ? 'arrived' : null;
}
