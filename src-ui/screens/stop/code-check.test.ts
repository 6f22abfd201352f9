/** The complete screen's delivery code (issue 34): asked where the shared rules would refuse the completion without it. */
import { describe, expect, it } from 'vitest';
import { outcomeConfig } from '../../../src-shared/domain/outcomes.ts';
import { type CodeCheck, codeCheck, type PlaceDraft, placeDraftOf } from './complete-rules.ts';

const outcomes = {
  gates: { failureReasons: false, deliveryPlaces: true, deliveryCodes: true },
  config: outcomeConfig(null),
};
const empty = placeDraftOf({ delivery_place: null });
const handed: PlaceDraft = { ...empty, place: 'recipient' };
const neighbour: PlaceDraft = { ...empty, place: 'neighbour' };
const WITH_CODE = { delivery_code_required: true, delivery_code_tries_left: 5 };
const none: CodeCheck = { asked: false, missing: false, invalid: false, locked: false };
const asked: CodeCheck = { ...none, asked: true };

describe('the delivery code on the complete screen', () => {
  it.each<[string, string, PlaceDraft, typeof WITH_CODE | object, typeof outcomes, CodeCheck]>([
    ['handed over, nothing typed', '', handed, WITH_CODE, outcomes, { ...asked, missing: true }],
    ['handed over, a code typed', '47-11', handed, WITH_CODE, outcomes, asked],
    ['no place chosen yet: asked', '', empty, WITH_CODE, outcomes, { ...asked, missing: true }],
    ['too short to be a code', '47', handed, WITH_CODE, outcomes, { ...asked, invalid: true }],
    ['letters and digits only', '4711!', handed, WITH_CODE, outcomes, { ...asked, invalid: true }],
    ['a neighbour stands in for it', '', neighbour, WITH_CODE, outcomes, none],
    ['a stop without a code', '', handed, { delivery_code_required: false }, outcomes, none],
    ['a stop stored before codes', '', handed, {}, outcomes, none],
    [
      'locked by wrong codes',
      '4711',
      handed,
      { ...WITH_CODE, delivery_code_tries_left: 0 },
      outcomes,
      { ...asked, locked: true },
    ],
    [
      'codes off on the route',
      '',
      handed,
      WITH_CODE,
      { ...outcomes, gates: { ...outcomes.gates, deliveryCodes: false } },
      none,
    ],
    [
      'places off: a neighbour is no way round it',
      '',
      neighbour,
      WITH_CODE,
      { ...outcomes, gates: { ...outcomes.gates, deliveryPlaces: false } },
      { ...asked, missing: true },
    ],
  ])('%s', (_, code, place, stop, on, expected) => {
    expect(codeCheck(code, place, stop, on)).toEqual(expected);
  });
});
