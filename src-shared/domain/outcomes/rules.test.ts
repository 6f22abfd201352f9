/** The outcome rules of issue 34 (docs/delivery-outcomes.md), as tables. */
import { describe, expect, it } from 'vitest';
import {
  codeNeeded,
  DEFAULT_OUTCOME_CONFIG,
  type DeliveryPlaceFacts,
  failureReasonOf,
  isReasonCode,
  type OutcomeContext,
  type OutcomeFacts,
  type OutcomeProblem,
  outcomeConfig,
  outcomeGates,
  outcomeProblems,
} from './rules.ts';

/** Text that shows nothing: a zero-width space, non-joiner, joiner, word joiner and byte order mark. */
const ZERO_WIDTH = '\u200b\u200c\u200d\u2060\ufeff';

const ALL_ON = { failureReasons: true, deliveryPlaces: true, deliveryCodes: true };
const ALL_OFF = { failureReasons: false, deliveryPlaces: false, deliveryCodes: false };
const ctx = (over: Partial<OutcomeContext> = {}): OutcomeContext => ({
  gates: ALL_ON,
  config: DEFAULT_OUTCOME_CONFIG,
  codeRequired: false,
  ...over,
});
const skipped = (over: Partial<OutcomeFacts> = {}): OutcomeFacts => ({
  status: 'skipped',
  stopType: 'delivery',
  failureReason: null,
  place: null,
  codeTyped: false,
  photos: 0,
  note: null,
  ...over,
});
const delivered = (over: Partial<OutcomeFacts> = {}): OutcomeFacts => ({
  ...skipped(),
  status: 'finished',
  place: { place: 'recipient' },
  ...over,
});
const neighbour = (name: string | null, house: string | null): DeliveryPlaceFacts => ({
  place: 'neighbour',
  neighbourName: name,
  neighbourHouseNumber: house,
});

describe('why a stop failed', () => {
  it.each<[string, OutcomeFacts, OutcomeContext, OutcomeProblem[]]>([
    ['no reason where reasons are on', skipped(), ctx(), ['failure_reason_required']],
    ['no reason where reasons are off: the spec flow', skipped(), ctx({ gates: ALL_OFF }), []],
    [
      'a reason where reasons are off',
      skipped({ failureReason: 'refused' }),
      ctx({ gates: ALL_OFF }),
      ['failure_reason_not_allowed'],
    ],
    ['refused needs nothing more', skipped({ failureReason: 'refused' }), ctx(), []],
    [
      'not at home needs a photo of the door',
      skipped({ failureReason: 'not_at_home' }),
      ctx(),
      ['failure_photo_required'],
    ],
    ['not at home with its photo', skipped({ failureReason: 'not_at_home', photos: 1 }), ctx(), []],
    ['other needs a note', skipped({ failureReason: 'other', note: '  ' }), ctx(), ['failure_note_required']],
    ['other with its note', skipped({ failureReason: 'other', note: 'Dog in the garden' }), ctx(), []],
    [
      'other with a note of zero-width characters (issue 44)',
      skipped({ failureReason: 'other', note: ZERO_WIDTH }),
      ctx(),
      ['failure_note_required'],
    ],
    ['a code the list does not have', skipped({ failureReason: 'lost' }), ctx(), ['failure_reason_unknown']],
    [
      "the organisation's own list",
      skipped({ failureReason: 'gate_locked' }),
      ctx({
        config: {
          ...DEFAULT_OUTCOME_CONFIG,
          failureReasons: [{ code: 'gate_locked', label: 'Gate locked', photo: false, note: true }],
        },
      }),
      ['failure_note_required'],
    ],
    ['a reason on a delivered stop', delivered({ failureReason: 'refused' }), ctx(), ['failure_reason_not_allowed']],
    [
      'a place on a skipped stop',
      skipped({ failureReason: 'refused', place: { place: 'mailbox' } }),
      ctx(),
      ['delivery_place_not_allowed'],
    ],
  ])('%s', (_, facts, context, problems) => {
    expect(outcomeProblems(facts, context)).toEqual(problems);
  });
});

describe('where a delivered parcel went', () => {
  it.each<[string, OutcomeFacts, OutcomeContext, OutcomeProblem[]]>([
    ['no place where places are on', delivered({ place: null }), ctx(), ['delivery_place_required']],
    ['no place where places are off: the spec flow', delivered({ place: null }), ctx({ gates: ALL_OFF }), []],
    ['a place where places are off', delivered(), ctx({ gates: ALL_OFF }), ['delivery_place_not_allowed']],
    ['handed to the recipient', delivered(), ctx(), []],
    ['a pickup done: no place asked', delivered({ stopType: 'pickup', place: null }), ctx(), []],
    ['a pickup with a place', delivered({ stopType: 'pickup' }), ctx(), ['delivery_place_not_allowed']],
    ['in the mailbox', delivered({ place: { place: 'mailbox' } }), ctx(), []],
    ['a neighbour with name and number', delivered({ place: neighbour('J. de Vries', '12A') }), ctx(), []],
    ['a neighbour without a name', delivered({ place: neighbour(' ', '12A') }), ctx(), ['neighbour_name_required']],
    [
      'a neighbour with neither',
      delivered({ place: neighbour(null, null) }),
      ctx(),
      ['neighbour_name_required', 'neighbour_house_number_required'],
    ],
    [
      'a safe place without a photo',
      delivered({ place: { place: 'safe_place', safePlace: 'porch' } }),
      ctx(),
      ['safe_place_photo_required'],
    ],
    [
      'a safe place not said',
      delivered({ place: { place: 'safe_place', safePlace: '' }, photos: 1 }),
      ctx(),
      ['safe_place_required'],
    ],
    [
      'a neighbour whose name and number are zero-width characters (issue 44)',
      delivered({ place: neighbour(ZERO_WIDTH, `\u00a0${ZERO_WIDTH}`) }),
      ctx(),
      ['neighbour_name_required', 'neighbour_house_number_required'],
    ],
    [
      'a safe place of zero-width characters (issue 44)',
      delivered({ place: { place: 'safe_place', safePlace: ZERO_WIDTH }, photos: 1 }),
      ctx(),
      ['safe_place_required'],
    ],
    [
      'a safe place in the driver’s words, with a photo',
      delivered({ place: { place: 'safe_place', safePlace: 'Behind the blue bin' }, photos: 1 }),
      ctx(),
      [],
    ],
    [
      'a neighbour’s name past its limit',
      delivered({ place: neighbour('x'.repeat(101), '1') }),
      ctx(),
      ['outcome_text_too_long'],
    ],
  ])('%s', (_, facts, context, problems) => {
    expect(outcomeProblems(facts, context)).toEqual(problems);
  });
});

describe("a recipient's code", () => {
  const coded = ctx({ codeRequired: true });
  it.each<[string, OutcomeFacts, OutcomeContext, OutcomeProblem[]]>([
    ['handed over without the code', delivered(), coded, ['delivery_code_required']],
    ['handed over with a code typed', delivered({ codeTyped: true }), coded, []],
    ['left with a neighbour: the code is not asked', delivered({ place: neighbour('A. Bakker', '14') }), coded, []],
    ['in the mailbox: still asked', delivered({ place: { place: 'mailbox' } }), coded, ['delivery_code_required']],
    ['codes off: not asked', delivered(), ctx({ codeRequired: true, gates: { ...ALL_ON, deliveryCodes: false } }), []],
    [
      'a code typed where codes are off',
      delivered({ codeTyped: true }),
      ctx({ gates: { ...ALL_ON, deliveryCodes: false } }),
      ['delivery_code_not_allowed'],
    ],
    ['skipped: no code', skipped({ failureReason: 'refused' }), coded, []],
  ])('%s', (_, facts, context, problems) => {
    expect(outcomeProblems(facts, context)).toEqual(problems);
  });

  it('a neighbour stands in for the code only where places are on', () => {
    const place = neighbour('A. Bakker', '14');
    expect(codeNeeded(place, ctx({ codeRequired: true }))).toBe(false);
    expect(codeNeeded(place, ctx({ codeRequired: true, gates: { ...ALL_ON, deliveryPlaces: false } }))).toBe(true);
  });

  it.each([
    ['not_at_home', true],
    ['gate_locked2', true],
    ['Gate', false],
    ['2nd_try', false],
    ['x'.repeat(41), false],
  ])('%s is a reason code: %s', (code, ok) => {
    expect(isReasonCode(code)).toBe(ok);
  });
});

describe('outcomeGates and outcomeConfig', () => {
  const planOn = { ft_failure_reasons: true, ft_delivery_places: true, ft_delivery_codes: true };
  const settingsOn = { failure_reasons: true, delivery_places: true, delivery_codes: true };
  it.each([
    ['plan and settings on', planOn, settingsOn, ALL_ON],
    ['a plan stored before (no flags)', {}, settingsOn, ALL_OFF],
    ['a route stored before (no settings)', planOn, {}, ALL_OFF],
    ['the plan has reasons only', { ft_failure_reasons: true }, settingsOn, { ...ALL_OFF, failureReasons: true }],
    ['the route has codes only', planOn, { delivery_codes: true }, { ...ALL_OFF, deliveryCodes: true }],
    ['no organisation: the route decides', null, { delivery_places: true }, { ...ALL_OFF, deliveryPlaces: true }],
  ])('%s', (_, plan, settings, expected) => {
    expect(outcomeGates(plan, settings)).toEqual(expected);
  });

  it("takes the organisation's list, or the default one", () => {
    const own = [{ code: 'gate', label: 'Gate locked', photo: true, note: false }];
    expect(outcomeConfig({ failure_reasons: own }).failureReasons).toEqual(own);
    expect(outcomeConfig({ failure_reasons: null })).toEqual(DEFAULT_OUTCOME_CONFIG);
    expect(outcomeConfig({})).toEqual(DEFAULT_OUTCOME_CONFIG);
    expect(outcomeConfig({ code_exempt_places: ['mailbox'] }).codeExemptPlaces).toEqual(['mailbox']);
    expect(failureReasonOf(outcomeConfig(null), 'damaged')).toMatchObject({ photo: true });
    expect(failureReasonOf(outcomeConfig({ failure_reasons: own }), 'damaged')).toBeUndefined();
  });
});
