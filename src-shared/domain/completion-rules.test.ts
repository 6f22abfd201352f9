import { describe, expect, it } from 'vitest';
import { type CompletionContext, type CompletionFacts, completionProblems } from './completion-rules.ts';

const NONE = { photo: false, signature: false, signatureName: false, ageVerification: false, barcode: false };
const ALL_GATES = { photo: true, signature: true, ageVerification: true, notes: true, barcode: true };
const SCANS_REQUIRED = { ...NONE, barcode: true };
const ON = { year: 2026, month: 11, day: 23 };
/** Text that shows nothing (issue 44): a zero-width space, non-joiner, joiner, word joiner and byte order mark. */
const ZERO_WIDTH = '\u200b\u200c\u200d\u2060\ufeff';

const facts = (f: Partial<CompletionFacts> = {}): CompletionFacts => ({
  status: 'finished',
  completionNote: null,
  recipientNote: null,
  photos: 0,
  newPhotos: 0,
  signature: false,
  newSignature: false,
  signatureName: null,
  birthDate: null,
  newBirthDate: false,
  cleaning: null,
  units: { unaccounted: 0, changed: 0 },
  ...f,
});
const ctx = (c: Partial<CompletionContext> = {}): CompletionContext => ({
  variant: 'default',
  required: NONE,
  gates: ALL_GATES,
  completedOn: ON,
  ...c,
});

describe('completionProblems (spec section 5 "Proof rules", "Notes", "Age verification", "Cleaning variant")', () => {
  it.each<[string, Partial<CompletionFacts>, Partial<CompletionContext>, string[]]>([
    ['delivered with nothing asked', {}, {}, []],
    ['a photo required, none', {}, { required: { ...NONE, photo: true } }, ['photo_required']],
    ['a photo required, one', { photos: 1, newPhotos: 1 }, { required: { ...NONE, photo: true } }, []],
    [
      'a skipped stop needs no proof',
      { status: 'skipped' },
      { required: { ...NONE, photo: true, signature: true } },
      [],
    ],
    ['a signature required, none', {}, { required: { ...NONE, signature: true } }, ['signature_required']],
    [
      'a signature with its name required, no name',
      { signature: true, newSignature: true, signatureName: '  ' },
      { required: { ...NONE, signature: true, signatureName: true } },
      ['signature_name_required'],
    ],
    [
      'age verification required, none',
      {},
      { required: { ...NONE, ageVerification: true } },
      ['age_verification_required'],
    ],
    ['four photos', { photos: 4, newPhotos: 4 }, {}, ['too_many_photos']],
    [
      'a new photo on a route without photos',
      { photos: 1, newPhotos: 1 },
      { gates: { ...ALL_GATES, photo: false } },
      ['photo_not_allowed'],
    ],
    [
      'a kept photo on a route without photos (an edit)',
      { photos: 1, newPhotos: 0 },
      { gates: { ...ALL_GATES, photo: false } },
      [],
    ],
    [
      'a new signature without the feature',
      { signature: true, newSignature: true },
      { gates: { ...ALL_GATES, signature: false } },
      ['signature_not_allowed'],
    ],
    [
      'a new birth date without the feature',
      { birthDate: '1990-01-01', newBirthDate: true },
      { gates: { ...ALL_GATES, ageVerification: false } },
      ['age_verification_not_allowed'],
    ],
    ['an adult, 18 today', { birthDate: '2008-11-23', newBirthDate: true }, {}, []],
    ['under 18 by a day', { birthDate: '2008-11-24', newBirthDate: true }, {}, ['recipient_under_age']],
    ['born before 1900', { birthDate: '1899-12-31', newBirthDate: true }, {}, ['birth_date_invalid']],
    ['born after the completion day', { birthDate: '2026-11-24', newBirthDate: true }, {}, ['birth_date_invalid']],
    ['not a day', { birthDate: '2001-02-29', newBirthDate: true }, {}, ['birth_date_invalid']],
    ['a 501-character note', { completionNote: 'x'.repeat(501) }, {}, ['note_too_long']],
    ['a 500-character note', { recipientNote: 'x'.repeat(500) }, {}, []],
    ['500 emoji are 500 characters (1,000 UTF-16 code units)', { completionNote: '\u{1F4E6}'.repeat(500) }, {}, []],
    ['501 emoji', { recipientNote: '\u{1F4E6}'.repeat(501) }, {}, ['recipient_note_too_long']],
    [
      'internal-notes variant, skipped with no note',
      { status: 'skipped' },
      { variant: 'internal-notes' },
      ['internal_note_required'],
    ],
    [
      'internal-notes variant, skipped with a note of zero-width characters (issue 44)',
      { status: 'skipped', completionNote: ZERO_WIDTH },
      { variant: 'internal-notes' },
      ['internal_note_required'],
    ],
    [
      'cleaning: Other with a definition of zero-width characters (issue 44)',
      { cleaning: { status: 'other', definition: ZERO_WIDTH } },
      { variant: 'cleaning' },
      ['cleaning_definition_required'],
    ],
    [
      'a signature with its name required, the name zero-width characters (issue 44)',
      { signature: true, newSignature: true, signatureName: ZERO_WIDTH },
      { required: { ...NONE, signature: true, signatureName: true } },
      ['signature_name_required'],
    ],
    [
      'internal-notes variant, skipped with a note',
      { status: 'skipped', completionNote: 'Closed' },
      { variant: 'internal-notes' },
      [],
    ],
    [
      'internal-notes variant, notes unavailable',
      { status: 'skipped' },
      { variant: 'internal-notes', gates: { ...ALL_GATES, notes: false } },
      [],
    ],
    [
      'cleaning: Other without a definition',
      { cleaning: { status: 'other', definition: ' ' } },
      { variant: 'cleaning' },
      ['cleaning_definition_required'],
    ],
    [
      'cleaning: no status',
      { cleaning: { status: null, definition: null } },
      { variant: 'cleaning' },
      ['cleaning_status_required'],
    ],
    ['cleaning: Washed', { cleaning: { status: 'washed', definition: null } }, { variant: 'cleaning' }, []],
    [
      "cleaning: the status does not replace the stop's required proofs",
      { cleaning: { status: 'washed', definition: null } },
      { variant: 'cleaning', required: { ...NONE, photo: true, signature: true } },
      ['signature_required', 'photo_required'],
    ],
    [
      'cleaning: Washed with the required photo',
      { cleaning: { status: 'washed', definition: null }, photos: 1, newPhotos: 1 },
      { variant: 'cleaning', required: { ...NONE, photo: true } },
      [],
    ],
    [
      'cleaning variant without a status: the proofs still count',
      {},
      { variant: 'cleaning', required: { ...NONE, photo: true } },
      ['photo_required'],
    ],
    // Issue 19: a stop whose requirements include barcode.
    [
      'scans required, two units neither scanned nor marked',
      { units: { unaccounted: 2, changed: 0 } },
      { required: SCANS_REQUIRED },
      ['units_unscanned'],
    ],
    [
      'scans required, every unit scanned or marked',
      { units: { unaccounted: 0, changed: 3 } },
      { required: SCANS_REQUIRED },
      [],
    ],
    [
      'scans required, after the other proofs',
      { units: { unaccounted: 1, changed: 0 } },
      { required: { ...SCANS_REQUIRED, photo: true } },
      ['photo_required', 'units_unscanned'],
    ],
    [
      'scans required but the stop is skipped',
      { status: 'skipped', units: { unaccounted: 1, changed: 0 } },
      { required: SCANS_REQUIRED },
      [],
    ],
    ['scans not required, units left unscanned', { units: { unaccounted: 4, changed: 0 } }, {}, []],
    [
      'new scans on a route without scanning',
      { units: { unaccounted: 0, changed: 1 } },
      { gates: { ...ALL_GATES, barcode: false } },
      ['barcode_scanning_not_allowed'],
    ],
    [
      'kept scans on a route without scanning (an edit)',
      { units: { unaccounted: 0, changed: 0 } },
      { gates: { ...ALL_GATES, barcode: false } },
      [],
    ],
    [
      'cleaning: the status does not replace the scans either',
      { cleaning: { status: 'washed', definition: null }, units: { unaccounted: 1, changed: 0 } },
      { variant: 'cleaning', required: SCANS_REQUIRED },
      ['units_unscanned'],
    ],
  ])('%s', (_name, f, c, expected) => {
    expect(completionProblems(facts(f), ctx(c))).toEqual(expected);
  });
});
