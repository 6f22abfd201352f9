import { describe, expect, it } from 'vitest';
import type { Unit } from '../protocol/entities.ts';
import { applyUnitScans, codeTail, hasScannableUnits, matchCode, scanProgress, unitScanFacts } from './unit-scans.ts';

const unit = (id: string, barcode: string | null, more: Partial<Unit> = {}): Unit => ({
  id,
  name: 'Parcel',
  quantity: 1,
  note: null,
  barcode,
  barcode_scanned: false,
  scan_reason: null,
  scan_method: null,
  scanned_at: null,
  ...more,
});

const AT = '2026-11-23T13:02:00.000Z';

describe('matchCode (issue 19: what a scanned code is)', () => {
  const stops = [
    { id: 1, units: [unit('a', '4006381333931'), unit('b', 'PKG-2', { barcode_scanned: true }), unit('c', null)] },
    { id: 2, units: [unit('d', '3SDRL0123456789'), unit('e', 'PKG-2')] },
  ];
  it.each<[string, number, string, ReturnType<typeof matchCode>]>([
    ['a unit of this stop', 1, '4006381333931', { kind: 'unit', unitId: 'a', already: false }],
    ['typed in lower case with spaces', 1, ' 4006 3813 33931 ', { kind: 'unit', unitId: 'a', already: false }],
    ['a second read of a scanned unit', 1, 'PKG-2', { kind: 'unit', unitId: 'b', already: true }],
    ['this stop first, when another stop shares the code', 2, 'pkg-2', { kind: 'unit', unitId: 'e', already: false }],
    ['a unit of another stop', 1, '3SDRL0123456789', { kind: 'other_stop', stopId: 2, unitId: 'd' }],
    ['a code no unit has', 1, '999', { kind: 'unknown' }],
    ['nothing typed', 1, '   ', { kind: 'unknown' }],
  ])('%s', (_name, stopId, code, expected) => {
    expect(matchCode(stops, stopId, code)).toEqual(expected);
  });

  it('ticks off units sharing one code one by one', () => {
    const twins = [{ id: 1, units: [unit('x', 'SAME', { barcode_scanned: true }), unit('y', 'SAME')] }];
    expect(matchCode(twins, 1, 'SAME')).toEqual({ kind: 'unit', unitId: 'y', already: false });
  });
});

describe('unit scan states', () => {
  const stored = [unit('a', 'A1'), unit('b', 'B1'), unit('c', null)];

  it('applies an update: scanned, marked, left out', () => {
    const after = applyUnitScans(stored, [
      { id: 'a', barcode_scanned: true, scan_method: 'manual', scanned_at: AT },
      { id: 'b', barcode_scanned: false, scan_reason: 'damaged', scan_method: 'camera', scanned_at: AT },
    ]);
    expect(after[0]).toMatchObject({ barcode_scanned: true, scan_method: 'manual', scan_reason: null, scanned_at: AT });
    // A unit not scanned has no method, whatever was sent.
    expect(after[1]).toMatchObject({ barcode_scanned: false, scan_reason: 'damaged', scan_method: null });
    expect(after[2]).toEqual(stored[2]);
    expect(applyUnitScans(stored, undefined)).toEqual(stored);
  });

  it('counts progress over the units with a barcode', () => {
    const after = applyUnitScans(stored, [{ id: 'a', barcode_scanned: true }]);
    expect(scanProgress(after)).toEqual({ scanned: 1, marked: 0, total: 2 });
    expect(hasScannableUnits({ units: stored })).toBe(true);
    expect(hasScannableUnits({ units: [unit('z', null), unit('w', ' ')] })).toBe(false);
  });

  it.each<[string, Parameters<typeof unitScanFacts>[1], { unaccounted: number; changed: number }]>([
    ['nothing sent', undefined, { unaccounted: 2, changed: 0 }],
    ['one scanned', [{ id: 'a', barcode_scanned: true }], { unaccounted: 1, changed: 1 }],
    [
      'one scanned, one missing',
      [
        { id: 'a', barcode_scanned: true },
        { id: 'b', barcode_scanned: false, scan_reason: 'missing' },
      ],
      { unaccounted: 0, changed: 2 },
    ],
    ['the same state again', [{ id: 'a', barcode_scanned: false }], { unaccounted: 2, changed: 0 }],
  ])('facts for the rules: %s', (_name, updates, expected) => {
    expect(unitScanFacts(stored, updates)).toEqual(expected);
  });

  it('an edit that keeps stored scans changes nothing', () => {
    const scanned = [unit('a', 'A1', { barcode_scanned: true, scan_method: 'camera', scanned_at: AT })];
    expect(unitScanFacts(scanned, [{ id: 'a', barcode_scanned: true, scanned_at: AT }])).toEqual({
      unaccounted: 0,
      changed: 0,
    });
  });
});

describe('codeTail (what the Scan screen shows of a code)', () => {
  it.each<[string, string, string]>([
    ['an EAN-13', '8712345678906', '8906'],
    ['a GS1-128 logistics code', '(00)387123450000000018', '0018'],
    ['eight characters', 'ABCD1234', '1234'],
    ['six characters: half of it', 'AB1234', '234'],
    ['two characters: one', 'A7', '7'],
    ['one character', 'X', 'X'],
    ['characters beyond UTF-16 count once', 'PARCEL-😀😀😀😀', '😀😀😀😀'],
  ])('%s', (_name, code, expected) => {
    expect(codeTail(code)).toBe(expected);
  });
});
