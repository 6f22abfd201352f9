/**
 * What a stop row and the stop detail show, as pure functions (spec section 2 "Stop row" and "Stop detail",
 * section 3 Stop and Unit, section 9 units and early/late). Shared by the Closed tab's preview and the route view.
 * The rules themselves (numbering, names, units, windows) live in src-shared/domain/stops.ts; this adds what the
 * UI needs on top: the address line, a card's place line, the unit badge, proofs, and window text.
 */
import type { Language } from '../../src-shared/domain/settings.ts';
import {
  punctuality,
  realWindows,
  stopName as sharedStopName,
  unitName as sharedUnitName,
  unitTotal as sharedUnitTotal,
} from '../../src-shared/domain/stops.ts';
import type { Requirements, Stop, StopInformation, TimeWindow, Unit } from '../../src-shared/protocol/entities.ts';
import { formatTimeOfDay } from '../i18n/format.ts';

/** countToShow: 1, 2, 3... over the stops in route order, skipping break, start and end (null for those). */

/** The part of a stop (or a route card's start/end stop) that names and places it. */
export interface StopPlace {
  address: { lat: number; lng: number };
  information: Pick<StopInformation, 'street' | 'city' | 'recipient_name'>;
}

const present = (text: string | null | undefined): string | null => {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
};

/** The stop's name: the recipient's name, else the street, else "lat, lng" (the route view's rule). */
export function stopName(stop: StopPlace): string {
  return sharedStopName(stop as Pick<Stop, 'information' | 'address'>);
}

/** Street and city under the name; the street is left out when it already is the name. */
export function stopAddress(stop: StopPlace): string {
  const street = present(stop.information.street);
  const named = present(stop.information.recipient_name) !== null;
  return [named ? street : null, present(stop.information.city)].filter(Boolean).join(', ');
}

/** Where a stop is, in one line (a route card's start and end): street and city, else the name, else "lat, lng". */
export function placeLine(stop: StopPlace): string {
  const line = [present(stop.information.street), present(stop.information.city)].filter(Boolean).join(', ');
  return line || stopName(stop);
}

/** A unit's displayed name: the text before the first plus sign ("Parcel+Fragile" shows "Parcel"). */
export function unitName(name: string): string {
  return sharedUnitName({ name }) || name.trim();
}

/** Units are counted by quantity. */
export const unitTotal = sharedUnitTotal;

/** The row's unit count ("3 U"): shown only when the stop carries more than one unit (section 9). */
export function unitBadge(units: readonly Pick<Unit, 'quantity'>[]): number | null {
  const total = unitTotal(units);
  return total > 1 ? total : null;
}

/** The stop's real time windows: "0 to 86340" means no window and is dropped (section 9). */
export function timeWindows(stop: Pick<Stop, 'time_windows'>): TimeWindow[] {
  return realWindows(stop.time_windows);
}

export type ArrivalTiming = 'early' | 'late' | null;

/** Early or late against the time windows (src-shared's rule), null when on time or without a window. */
export function arrivalTiming(stop: Pick<Stop, 'arr_time' | 'time_windows'>): ArrivalTiming {
  const timing = punctuality(stop.arr_time, stop.time_windows);
  return timing === 'early' || timing === 'late' ? timing : null;
}

export type ProofKind = 'signature' | 'age_verification' | 'picture';

/** The proofs a stop asks for, in the order the detail lists them: Signature, Age verification, Photo. */
export function requiredProofs(requirements: Requirements): ProofKind[] {
  return (['signature', 'age_verification', 'picture'] as const).filter((kind) => requirements[kind]);
}

/** A time window as "08:00–10:00" (24-hour, all three languages). */
export function formatWindow(window: TimeWindow, language: Language): string {
  return `${formatTimeOfDay(window.earliest, language)}–${formatTimeOfDay(window.latest, language)}`;
}
