import { describe, expect, it } from 'vitest';
import { type CleaningDraft, cleaningProblem, cleaningResult, emptyCleaningDraft } from './cleaning.ts';

describe('cleaning status validation', () => {
  it.each<[string, CleaningDraft, ReturnType<typeof cleaningProblem>, ReturnType<typeof cleaningResult>]>([
    ['nothing chosen', { status: null, definition: '', sticker: false }, 'no_status', null],
    ['nothing chosen, sticker on', { status: null, definition: 'x', sticker: true }, 'no_status', null],
    [
      'washed',
      { status: 'washed', definition: '', sticker: false },
      null,
      { status: 'washed', definition: null, sticker: false },
    ],
    [
      'not outside with a sticker',
      { status: 'not_outside', definition: '', sticker: true },
      null,
      { status: 'not_outside', definition: null, sticker: true },
    ],
    [
      'dirty drops a leftover definition',
      { status: 'dirty', definition: 'typed before', sticker: false },
      null,
      { status: 'dirty', definition: null, sticker: false },
    ],
    [
      'full',
      { status: 'full', definition: '', sticker: false },
      null,
      { status: 'full', definition: null, sticker: false },
    ],
    ['other without definition', { status: 'other', definition: '', sticker: false }, 'definition_required', null],
    ['other with only spaces', { status: 'other', definition: '  \n ', sticker: true }, 'definition_required', null],
    [
      'other with a definition, trimmed',
      { status: 'other', definition: '  Lid broken ', sticker: true },
      null,
      { status: 'other', definition: 'Lid broken', sticker: true },
    ],
    [
      'an unknown status',
      { status: 'gone' as CleaningDraft['status'], definition: '', sticker: false },
      'no_status',
      null,
    ],
  ])('%s', (_, draft, problem, result) => {
    expect(cleaningProblem(draft)).toBe(problem);
    expect(cleaningResult(draft)).toEqual(result);
  });

  it('starts from a saved value or from nothing', () => {
    expect(emptyCleaningDraft()).toEqual({ status: null, definition: '', sticker: false });
    expect(emptyCleaningDraft({ status: 'other', definition: 'Lid broken', sticker: true })).toEqual({
      status: 'other',
      definition: 'Lid broken',
      sticker: true,
    });
  });
});
