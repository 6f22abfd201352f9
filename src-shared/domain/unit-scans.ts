/**
 * Scanning a stop's units at delivery (issue 19), pure: which units can be scanned (those with a barcode), what a
 * scanned code is (a unit of this stop, of another stop, or unknown), how an update's scan states apply to the
 * stored units, and the counts the completion rules (completion-rules.ts) and the Scan screen need. The UI, the core
 * and the server use the same functions.
 */
import type { Stop, Unit } from '../protocol/entities.ts';
import type { UnitScanUpdate } from '../protocol/http.ts';

/** A unit the camera can tick off: it has a barcode. */
export const hasBarcode = (unit: Pick<Unit, 'barcode'>) => Boolean(unit.barcode?.trim());

export const scannableUnits = <U extends Pick<Unit, 'barcode'>>(units: readonly U[]): U[] => units.filter(hasBarcode);

/** The Scan action shows only on stops with at least one such unit: other stops look as they always did. */
export const hasScannableUnits = (stop: Pick<Stop, 'units'>) => (stop.units ?? []).some(hasBarcode);

/** Scanned, or marked with a reason (missing, damaged): either way the driver has accounted for it. */
const isAccountedFor = (unit: Pick<Unit, 'barcode_scanned' | 'scan_reason'>) =>
  unit.barcode_scanned || (unit.scan_reason ?? null) !== null;

/** Codes are compared without spaces and case: a code typed from a label need not match its case. */
const normalizeCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

/** A unit as an update leaves it (a unit it does not name keeps its state). */
function withUpdate(unit: Unit, update: UnitScanUpdate | undefined): Unit {
  if (!update) return unit;
  const scanned = update.barcode_scanned;
  return {
    ...unit,
    barcode_scanned: scanned,
    scan_reason: scanned ? null : (update.scan_reason ?? null),
    scan_method: scanned ? (update.scan_method ?? 'camera') : null,
    scanned_at: update.scanned_at ?? null,
  };
}

/** The stop's units after an update's scan states (absent: unchanged). */
export function applyUnitScans(units: readonly Unit[], updates: readonly UnitScanUpdate[] | undefined): Unit[] {
  if (!updates) return [...units];
  const byId = new Map(updates.map((u) => [u.id, u]));
  return units.map((unit) => withUpdate(unit, byId.get(unit.id)));
}

/** The update that records a unit's state as it is (the complete screen's draft sends these). */
export const scanUpdateOf = (unit: Unit): UnitScanUpdate => ({
  id: unit.id,
  barcode_scanned: unit.barcode_scanned,
  scan_reason: unit.scan_reason ?? null,
  scan_method: unit.scan_method ?? null,
  scanned_at: unit.scanned_at ?? null,
});

/** Units with a barcode neither scanned nor marked missing or damaged: what the barcode requirement still waits for. */
export const unaccountedUnits = (units: readonly Unit[]): number =>
  scannableUnits(units).filter((u) => !isAccountedFor(u)).length;

export interface ScanProgress {
  /** Units with a barcode that were scanned. */
  scanned: number;
  /** Units with a barcode marked missing or damaged. */
  marked: number;
  /** Units with a barcode. */
  total: number;
}

export function scanProgress(units: readonly Unit[]): ScanProgress {
  const scannable = scannableUnits(units);
  return {
    scanned: scannable.filter((u) => u.barcode_scanned).length,
    marked: scannable.filter((u) => !u.barcode_scanned && (u.scan_reason ?? null) !== null).length,
    total: scannable.length,
  };
}

/** What the completion rules need to know of the units (CompletionFacts.units). */
export interface UnitScanFacts {
  /** Units with a barcode neither scanned nor marked. */
  unaccounted: number;
  /** Units whose scan state this update changes from the stored one: proof taken now. */
  changed: number;
}

const sameState = (a: Unit, b: Unit) =>
  a.barcode_scanned === b.barcode_scanned && (a.scan_reason ?? null) === (b.scan_reason ?? null);

export function unitScanFacts(stored: readonly Unit[], updates: readonly UnitScanUpdate[] | undefined): UnitScanFacts {
  const after = applyUnitScans(stored, updates);
  return {
    unaccounted: unaccountedUnits(after),
    changed: after.filter((u, i) => !sameState(u, stored[i]!)).length,
  };
}

/** What a scanned (or typed) code is, seen from the stop being delivered. */
export type ScanMatch =
  /** A unit of this stop; `already` when it was scanned before (a second read of the same label). */
  | { kind: 'unit'; unitId: string; already: boolean }
  /** A unit of another stop of the route: the wrong parcel for this door. */
  | { kind: 'other_stop'; stopId: number; unitId: string }
  | { kind: 'unknown' };

/**
 * Matches a code against this stop's units first (the first not yet scanned, when several share a code), then the
 * route's other stops.
 */
export function matchCode(stops: readonly Pick<Stop, 'id' | 'units'>[], stopId: number, code: string): ScanMatch {
  const wanted = normalizeCode(code);
  if (!wanted) return { kind: 'unknown' };
  const matches = (unit: Unit) => hasBarcode(unit) && normalizeCode(unit.barcode!) === wanted;
  const here = (stops.find((s) => s.id === stopId)?.units ?? []).filter(matches);
  if (here.length > 0) {
    const open = here.find((u) => !u.barcode_scanned);
    return open
      ? { kind: 'unit', unitId: open.id, already: false }
      : { kind: 'unit', unitId: here[0]!.id, already: true };
  }
  for (const stop of stops) {
    if (stop.id === stopId) continue;
    const unit = (stop.units ?? []).find(matches);
    if (unit) return { kind: 'other_stop', stopId: stop.id, unitId: unit.id };
  }
  return { kind: 'unknown' };
}

/**
 * What the Scan screen shows of a parcel's code: its last characters, enough to find the parcel on the shelf beside
 * its name, never the whole code, which could then be typed from the screen instead of read from the label (a typed
 * code counts as the parcel's scan). Four characters, and never more than half of a short code.
 */
export function codeTail(code: string): string {
  const chars = [...code];
  const shown = Math.max(1, Math.min(4, Math.floor(chars.length / 2)));
  return chars.slice(-shown).join('');
}
