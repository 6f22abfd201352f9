/**
 * The complete screen's outcome marks (issue 34), read through the shared outcome rules: a skip's reason, where a
 * delivered parcel went, and the stop's delivery code, each asked where the core and the server would refuse without it.
 */
import { describe, expect, it } from 'vitest';
import { type CodeCheck, codeCheck, placeCheck, reasonCheck } from './marks.ts';
import { deliveryPlaceRecord, type PlaceDraft, placeDraftOf, placeDraftRecord } from './record.ts';
import { outcomeConfig } from './rules.ts';

/** Text that shows nothing: a zero-width space, non-joiner, joiner, word joiner and byte order mark. */
const ZERO_WIDTH = '\u200b\u200c\u200d\u2060\ufeff';

describe("a skip's reason on the complete screen (issue 34)", () => {
  const outcomes = (on: boolean) => ({
    gates: { failureReasons: on, deliveryPlaces: on, deliveryCodes: false },
    config: outcomeConfig(null),
  });
  const none = { reasonMissing: false, photoMissing: false, noteMissing: false, asksPhoto: false, asksNote: false };
  it.each<[string, Parameters<typeof reasonCheck>[0], boolean, ReturnType<typeof reasonCheck>]>([
    [
      'no reason chosen',
      { status: 'skipped', failureReason: null, photos: 0, internalNote: '' },
      true,
      { ...none, reasonMissing: true },
    ],
    [
      'reasons off: nothing asked',
      { status: 'skipped', failureReason: null, photos: 0, internalNote: '' },
      false,
      none,
    ],
    [
      'delivered: nothing asked, places are not on this screen',
      { status: 'finished', failureReason: null, photos: 0, internalNote: '' },
      true,
      none,
    ],
    ['refused: enough', { status: 'skipped', failureReason: 'refused', photos: 0, internalNote: '' }, true, none],
    [
      'not at home without its photo',
      { status: 'skipped', failureReason: 'not_at_home', photos: 0, internalNote: '' },
      true,
      { ...none, photoMissing: true, asksPhoto: true },
    ],
    [
      'not at home with it',
      { status: 'skipped', failureReason: 'not_at_home', photos: 1, internalNote: '' },
      true,
      { ...none, asksPhoto: true },
    ],
    [
      'other without a note',
      { status: 'skipped', failureReason: 'other', photos: 0, internalNote: ' ' },
      true,
      { ...none, noteMissing: true, asksNote: true },
    ],
    [
      'other with its note',
      { status: 'skipped', failureReason: 'other', photos: 0, internalNote: 'Dog in the garden' },
      true,
      { ...none, asksNote: true },
    ],
    [
      'other with a note of zero-width characters (issue 44)',
      { status: 'skipped', failureReason: 'other', photos: 0, internalNote: ZERO_WIDTH },
      true,
      { ...none, noteMissing: true, asksNote: true },
    ],
  ])('%s', (_, input, on, expected) => {
    expect(reasonCheck(input, outcomes(on))).toEqual(expected);
  });
});

describe("a delivered stop's place on the complete screen (issue 34)", () => {
  const outcomes = {
    gates: { failureReasons: true, deliveryPlaces: true, deliveryCodes: false },
    config: outcomeConfig(null),
  };
  const empty = placeDraftOf({ delivery_place: null });
  const none = {
    placeMissing: false,
    nameMissing: false,
    houseNumberMissing: false,
    safePlaceMissing: false,
    photoMissing: false,
    tooLong: false,
  };
  it.each<[string, PlaceDraft, number, ReturnType<typeof placeCheck>]>([
    ['nothing chosen', empty, 0, { ...none, placeMissing: true }],
    ['handed over', { ...empty, place: 'recipient' }, 0, none],
    [
      'a neighbour without name or number',
      { ...empty, place: 'neighbour' },
      0,
      { ...none, nameMissing: true, houseNumberMissing: true },
    ],
    [
      'a neighbour with both',
      { ...empty, place: 'neighbour', neighbourName: 'A. Bakker', neighbourHouseNumber: '14' },
      0,
      none,
    ],
    [
      'a safe place not said, no photo',
      { ...empty, place: 'safe_place' },
      0,
      { ...none, safePlaceMissing: true, photoMissing: true },
    ],
    ['the porch, with a photo', { ...empty, place: 'safe_place', safePlace: 'porch' }, 1, none],
    [
      'somewhere else, not said',
      { ...empty, place: 'safe_place', safePlace: 'other', safePlaceText: ' ' },
      1,
      { ...none, safePlaceMissing: true },
    ],
    [
      'a neighbour whose name and number are zero-width characters (issue 44)',
      { ...empty, place: 'neighbour', neighbourName: ZERO_WIDTH, neighbourHouseNumber: ZERO_WIDTH },
      0,
      { ...none, nameMissing: true, houseNumberMissing: true },
    ],
    [
      'somewhere else, said in zero-width characters (issue 44)',
      { ...empty, place: 'safe_place', safePlace: 'other', safePlaceText: ZERO_WIDTH },
      1,
      { ...none, safePlaceMissing: true },
    ],
  ])('%s', (_, draft, photos, expected) => {
    expect(placeCheck(draft, photos, outcomes)).toEqual(expected);
  });

  it('asks nothing where places are off', () => {
    expect(placeCheck(empty, 0, { ...outcomes, gates: { ...outcomes.gates, deliveryPlaces: false } })).toEqual(none);
  });

  it('sends only the chosen place’s fields, a safe place in the driver’s words, and reads a saved one back', () => {
    const draft: PlaceDraft = {
      place: 'safe_place',
      neighbourName: 'x',
      neighbourHouseNumber: 'y',
      safePlace: 'other',
      safePlaceText: ' Behind the bin ',
    };
    const record = placeDraftRecord(draft);
    expect(record).toEqual({
      place: 'safe_place',
      neighbour_name: null,
      neighbour_house_number: null,
      safe_place: 'Behind the bin',
    });
    expect(placeDraftOf({ delivery_place: record })).toEqual({
      ...empty,
      place: 'safe_place',
      safePlace: 'other',
      safePlaceText: 'Behind the bin',
    });
    expect(placeDraftOf({ delivery_place: { ...record!, safe_place: 'garage' } }).safePlace).toBe('garage');
    expect(placeDraftRecord(empty)).toBeNull();
  });
});

describe('the place record the screen, the core and the server keep', () => {
  it.each<[string, Parameters<typeof deliveryPlaceRecord>[0], ReturnType<typeof deliveryPlaceRecord>]>([
    ['nothing sent', null, null],
    [
      "a neighbour: trimmed, without NUL, the other place's fields dropped",
      { place: 'neighbour', neighbour_name: ' A.\u0000 Bakker ', neighbour_house_number: '14', safe_place: 'porch' },
      { place: 'neighbour', neighbour_name: 'A. Bakker', neighbour_house_number: '14', safe_place: null },
    ],
    [
      'a safe place with fields left out, an empty one as null',
      { place: 'safe_place', safe_place: '  ' },
      { place: 'safe_place', neighbour_name: null, neighbour_house_number: null, safe_place: null },
    ],
    [
      'handed over: no text kept',
      { place: 'recipient', neighbour_name: 'x' },
      { place: 'recipient', neighbour_name: null, neighbour_house_number: null, safe_place: null },
    ],
  ])('%s', (_, sent, expected) => {
    expect(deliveryPlaceRecord(sent)).toEqual(expected);
  });
});

const codeOutcomes = {
  gates: { failureReasons: false, deliveryPlaces: true, deliveryCodes: true },
  config: outcomeConfig(null),
};
const noPlace = placeDraftOf({ delivery_place: null });
const handed: PlaceDraft = { ...noPlace, place: 'recipient' };
const neighbour: PlaceDraft = { ...noPlace, place: 'neighbour' };
const WITH_CODE = { delivery_code_required: true, delivery_code_tries_left: 5 };
const notAsked: CodeCheck = { asked: false, missing: false, invalid: false, locked: false };
const asked: CodeCheck = { ...notAsked, asked: true };

describe('the delivery code on the complete screen', () => {
  it.each<[string, string, PlaceDraft, typeof WITH_CODE | object, typeof codeOutcomes, CodeCheck]>([
    ['handed over, nothing typed', '', handed, WITH_CODE, codeOutcomes, { ...asked, missing: true }],
    ['handed over, a code typed', '47-11', handed, WITH_CODE, codeOutcomes, asked],
    ['no place chosen yet: asked', '', noPlace, WITH_CODE, codeOutcomes, { ...asked, missing: true }],
    ['too short to be a code', '47', handed, WITH_CODE, codeOutcomes, { ...asked, invalid: true }],
    ['letters and digits only', '4711!', handed, WITH_CODE, codeOutcomes, { ...asked, invalid: true }],
    ['ßß: SSSS only once upper-cased (issue 44)', 'ßß', handed, WITH_CODE, codeOutcomes, { ...asked, invalid: true }],
    ['zero-width characters only', ZERO_WIDTH, handed, WITH_CODE, codeOutcomes, { ...asked, invalid: true }],
    ['a neighbour stands in for it', '', neighbour, WITH_CODE, codeOutcomes, notAsked],
    ['a stop without a code', '', handed, { delivery_code_required: false }, codeOutcomes, notAsked],
    ['a stop stored before codes', '', handed, {}, codeOutcomes, notAsked],
    [
      'locked by wrong codes',
      '4711',
      handed,
      { ...WITH_CODE, delivery_code_tries_left: 0 },
      codeOutcomes,
      { ...asked, locked: true },
    ],
    [
      'codes off on the route',
      '',
      handed,
      WITH_CODE,
      { ...codeOutcomes, gates: { ...codeOutcomes.gates, deliveryCodes: false } },
      notAsked,
    ],
    [
      'places off: a neighbour is no way round it',
      '',
      neighbour,
      WITH_CODE,
      { ...codeOutcomes, gates: { ...codeOutcomes.gates, deliveryPlaces: false } },
      { ...asked, missing: true },
    ],
  ])('%s', (_, code, place, stop, on, expected) => {
    expect(codeCheck(code, place, stop, on)).toEqual(expected);
  });
});
