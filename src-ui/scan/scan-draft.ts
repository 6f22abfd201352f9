/**
 * The units scanned or marked at a stop (issue 19), until the completion sends them: shared by the stop window and
 * the complete screen (a driver may scan on one and finish on the other), like the complete screen's proof draft but
 * outliving a screen. Kept in memory per stop id; the completion carries it to the core, which queues it with the
 * rest, and a successful completion drops it. A stop with no draft shows its units as stored.
 */
import { signal } from '@preact/signals-core';
import { applyUnitScans, scannableUnits, scanUpdateOf } from '../../src-shared/domain/unit-scans.ts';
import type { Stop, Unit, UnitScanMethod, UnitScanReason } from '../../src-shared/protocol/entities.ts';
import type { UnitScanUpdate } from '../../src-shared/protocol/http.ts';

type Draft = Readonly<Record<string, UnitScanUpdate>>;

const drafts = signal<ReadonlyMap<number, Draft>>(new Map());

function change(stopId: number, unitId: string, update: UnitScanUpdate | null): void {
  const next = new Map(drafts.peek());
  const draft = { ...(next.get(stopId) ?? {}) };
  if (update) draft[unitId] = update;
  else delete draft[unitId];
  next.set(stopId, draft);
  drafts.value = next;
}

/** The stop's units with this visit's scans over the stored states. Reads the signal: call under useSignals(). */
export function draftUnits(stop: Pick<Stop, 'id' | 'units'>): Unit[] {
  const draft = drafts.value.get(stop.id);
  return applyUnitScans(stop.units ?? [], draft ? Object.values(draft) : undefined);
}

export function recordScan(stopId: number, unitId: string, method: UnitScanMethod, at: Date): void {
  change(stopId, unitId, { id: unitId, barcode_scanned: true, scan_method: method, scanned_at: at.toISOString() });
}

/** Marks a unit missing or damaged; null sets it back to neither scanned nor marked. */
export function markUnit(stopId: number, unitId: string, reason: UnitScanReason | null, at: Date): void {
  change(stopId, unitId, {
    id: unitId,
    barcode_scanned: false,
    scan_reason: reason,
    scanned_at: reason ? at.toISOString() : null,
  });
}

/**
 * The completion's units: every parcel with a barcode as this visit left it, when the driver scanned or marked one
 * here and the route may scan; otherwise none, and the stop's units keep what they have (a stop without parcels to
 * scan sends exactly what it always did).
 */
export function draftScanUpdates(stop: Pick<Stop, 'id' | 'units'>, scanning: boolean): UnitScanUpdate[] | undefined {
  if (!scanning || !drafts.peek().has(stop.id)) return undefined;
  const updates = scannableUnits(draftUnits(stop)).map(scanUpdateOf);
  return updates.length > 0 ? updates : undefined;
}

/** After the completion was stored on the device: the stop's units now hold what the draft had. */
export function dropDraft(stopId: number): void {
  if (!drafts.peek().has(stopId)) return;
  const next = new Map(drafts.peek());
  next.delete(stopId);
  drafts.value = next;
}
