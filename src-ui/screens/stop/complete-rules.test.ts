import { describe, expect, it } from 'vitest';
import {
  type CollectedProofs,
  type CompletionCheck,
  type CompletionInput,
  checkCompletion,
  completionNotes,
  cutNote,
  missingProofs,
  NOTHING_COLLECTED,
  noteStatus,
} from '../../../src-shared/domain/completion-rules.ts';
import type { RequiredProofs } from '../../../src-shared/domain/proofs.ts';
import { collectedProofs, completionProofs, type ProofDraft, proofDraftOf } from './complete-rules.ts';

const NONE: RequiredProofs = {
  photo: false,
  signature: false,
  signatureName: false,
  ageVerification: false,
  barcode: false,
};
const ALL: RequiredProofs = { photo: true, signature: true, signatureName: true, ageVerification: true, barcode: true };
const EVERYTHING: CollectedProofs = {
  photos: 1,
  signature: true,
  signatureName: 'J. Peters',
  birthDate: '1990-01-01',
  unaccountedUnits: 0,
};
const TODAY = { year: 2026, month: 11, day: 27 };
const x500 = 'x'.repeat(500);

describe('notes', () => {
  it.each([
    ['', 0, false, false],
    ['abc', 3, false, false],
    ['x'.repeat(499), 499, false, false],
    [x500, 500, true, false],
    [`${x500}y`, 501, true, true],
  ])('%# a note of %s characters', (text, count, atLimit, tooLong) => {
    expect(noteStatus(text)).toEqual({ count, atLimit, tooLong });
  });

  it('cuts input at 500 characters', () => {
    expect(cutNote(`${x500}more`)).toBe(x500);
    expect(cutNote('short')).toBe('short');
  });
});

describe('missing proofs', () => {
  it.each<[string, RequiredProofs, CollectedProofs, string[]]>([
    ['nothing required', NONE, NOTHING_COLLECTED, []],
    ['all required, nothing collected', ALL, NOTHING_COLLECTED, ['signature', 'ageVerification', 'photo']],
    ['all collected', ALL, EVERYTHING, []],
    ['signature without the required name', ALL, { ...EVERYTHING, signatureName: '  ' }, ['signature']],
    [
      'signature without a name nobody asks for',
      { ...NONE, signature: true },
      { ...NOTHING_COLLECTED, signature: true },
      [],
    ],
    ['a photo is enough', { ...NONE, photo: true }, { ...NOTHING_COLLECTED, photos: 3 }, []],
  ])('%s', (_, required, collected, missing) => {
    expect(missingProofs(required, collected)).toEqual(missing);
  });
});

const base: CompletionInput = {
  status: 'finished',
  variant: 'default',
  recipientNote: '',
  internalNote: '',
  notesEnabled: true,
  required: NONE,
  collected: NOTHING_COLLECTED,
  completedOn: TODAY,
};
const pass: CompletionCheck = { ok: true, recipientNote: null, internalNote: null, proofs: [], alert: null };

describe('Done', () => {
  it.each<[string, Partial<CompletionInput>, CompletionCheck]>([
    ['delivered, nothing required', {}, pass],
    ['skipped, nothing required', { status: 'skipped' }, pass],
    [
      'delivered with proofs missing',
      { required: { ...NONE, photo: true } },
      { ...pass, ok: false, proofs: ['photo'], alert: 'fulfill_requirements' },
    ],
    ['skipped with proofs missing: proofs do not count', { status: 'skipped', required: ALL }, pass],
    ['delivered with every proof', { required: ALL, collected: EVERYTHING }, pass],
    [
      'a note over the limit',
      { recipientNote: `${x500}!`, internalNote: `${x500}!` },
      { ...pass, ok: false, recipientNote: 'too_long', internalNote: 'too_long' },
    ],
    [
      'only the recipient note over the limit marks only it',
      { recipientNote: `${x500}!` },
      { ...pass, ok: false, recipientNote: 'too_long' },
    ],
    ['a note at the limit', { recipientNote: x500, internalNote: x500 }, pass],
    // What the core and the server refuse, the screen marks (the same completionProblems).
    [
      'a recipient under 18 on the completion day marks the age check',
      { required: ALL, collected: { ...EVERYTHING, birthDate: '2008-11-28' } },
      { ...pass, ok: false, proofs: ['ageVerification'], alert: 'fulfill_requirements' },
    ],
    [
      'a recipient 18 on the completion day passes',
      { required: ALL, collected: { ...EVERYTHING, birthDate: '2008-11-27' } },
      pass,
    ],
    [
      'a birth date after the completion day marks the age check',
      { collected: { ...EVERYTHING, birthDate: '2026-11-28' } },
      { ...pass, ok: false, proofs: ['ageVerification'], alert: 'fulfill_requirements' },
    ],
    [
      'four photos mark the photos',
      { collected: { ...NOTHING_COLLECTED, photos: 4 } },
      { ...pass, ok: false, proofs: ['photo'], alert: 'fulfill_requirements' },
    ],
    [
      'internal-notes variant, skipped without an internal note',
      { variant: 'internal-notes', status: 'skipped', internalNote: '   ' },
      { ...pass, ok: false, internalNote: 'required', alert: 'add_note' },
    ],
    [
      'internal-notes variant, skipped with a note',
      { variant: 'internal-notes', status: 'skipped', internalNote: 'Closed' },
      pass,
    ],
    ['internal-notes variant, delivered without a note', { variant: 'internal-notes' }, pass],
    [
      'internal-notes variant, notes unavailable: nothing to ask for',
      { variant: 'internal-notes', status: 'skipped', notesEnabled: false },
      pass,
    ],
    ['default variant, skipped without a note', { status: 'skipped' }, pass],
    [
      'internal-notes variant hides the recipient note: its length does not count',
      { variant: 'internal-notes', recipientNote: `${x500}!` },
      pass,
    ],
  ])('%s', (_, input, expected) => {
    expect(checkCompletion({ ...base, ...input })).toEqual(expected);
  });
});

describe('the notes sent', () => {
  it.each<[string, Parameters<typeof completionNotes>[0], ReturnType<typeof completionNotes>]>([
    [
      'empty as null',
      { variant: 'default', recipientNote: ' ', internalNote: '' },
      { completion_note: null, recipient_note: null },
    ],
    [
      'trimmed',
      { variant: 'default', recipientNote: ' In the shed ', internalNote: 'Gate\n' },
      { completion_note: 'Gate', recipient_note: 'In the shed' },
    ],
    [
      'no recipient note in the internal-notes variant',
      { variant: 'internal-notes', recipientNote: 'hidden', internalNote: 'Closed' },
      { completion_note: 'Closed', recipient_note: null },
    ],
  ])('%s', (_, input, expected) => {
    expect(completionNotes(input)).toEqual(expected);
  });
});

describe('proof draft', () => {
  const stored = {
    images: ['https://x/a.jpg'],
    signature: 'https://x/s.png',
    signature_name: null,
    recipient_date_of_birth: '1990-01-01',
  };

  it('starts from what a finished stop has', () => {
    expect(proofDraftOf(stored)).toEqual({
      photos: ['https://x/a.jpg'],
      signature: { image: 'https://x/s.png', name: '' },
      birthDate: '1990-01-01',
      verified: true,
      units: [],
    });
    const empty = proofDraftOf({ images: [], signature: null, signature_name: null, recipient_date_of_birth: null });
    expect(collectedProofs(empty)).toEqual(NOTHING_COLLECTED);
  });

  it('counts what was collected', () => {
    const draft: ProofDraft = {
      photos: ['data:a', 'data:b'],
      signature: { image: 'data:s', name: 'J. Peters' },
      birthDate: '1990-01-01',
      verified: true,
      units: [],
    };
    expect(collectedProofs(draft)).toEqual({
      photos: 2,
      signature: true,
      signatureName: 'J. Peters',
      birthDate: '1990-01-01',
      unaccountedUnits: 0,
    });
    expect(collectedProofs({ ...draft, verified: false }).birthDate).toBeNull();
  });

  it('sends the name as null when empty and the birth date only when verified', () => {
    const draft: ProofDraft = {
      photos: ['data:a'],
      signature: { image: 'data:s', name: '  ' },
      birthDate: '2010-05-05',
      verified: false,
      units: [],
    };
    expect(completionProofs(draft)).toEqual({
      images: ['data:a'],
      signature: 'data:s',
      signature_name: null,
      recipient_date_of_birth: null,
    });
    expect(completionProofs({ ...draft, signature: null, verified: true })).toMatchObject({
      signature: null,
      recipient_date_of_birth: '2010-05-05',
    });
  });
});

describe('unit scans in the draft (issue 19)', () => {
  const unit = (id: string, barcode: string | null, scanned = false) => ({
    id,
    name: 'Parcel',
    quantity: 1,
    note: null,
    barcode,
    barcode_scanned: scanned,
    scan_reason: null,
    scan_method: scanned ? ('camera' as const) : null,
    scanned_at: null,
  });
  const draft = (units: ProofDraft['units']): ProofDraft => ({
    photos: [],
    signature: null,
    birthDate: null,
    verified: false,
    units,
  });

  it('counts the units with a barcode still to scan or mark, and refuses Done while one is left', () => {
    const collected = collectedProofs(draft([unit('a', 'A', true), unit('b', 'B'), unit('c', null)]));
    expect(collected.unaccountedUnits).toBe(1);
    const check = checkCompletion({
      status: 'finished',
      variant: 'default',
      recipientNote: '',
      internalNote: '',
      notesEnabled: true,
      required: { ...NONE, barcode: true },
      collected,
      completedOn: TODAY,
    });
    expect(check).toMatchObject({ ok: false, proofs: ['barcode'], alert: 'fulfill_requirements' });
  });
});
