/**
 * A stop's units are told apart by their ids: a scan names a unit by id (the stop update's `units`), so two units of
 * one stop with the same id would both take one scan, and the barcode requirement would pass for a parcel never
 * scanned. The dispatcher API refuses a stop whose units repeat an id (route create and stop PATCH).
 */
import { badRequest } from './errors.ts';

/** Throws a 400 naming the first unit whose id an earlier unit of the list has (`${prefix}.N.id`). */
export function assertUniqueUnitIds(units: readonly { id?: string }[] | undefined, prefix: string): void {
  const seen = new Set<string>();
  (units ?? []).forEach((unit, i) => {
    if (unit.id === undefined) return;
    if (seen.has(unit.id))
      throw badRequest(`${prefix}.${i}.id repeats the id of another unit of this stop`, `${prefix}.${i}.id`);
    seen.add(unit.id);
  });
}
