import { describe, expect, it } from 'vitest';
import type { ParkedCompletion } from '../../src-shared/state/app-state.ts';
import { en } from '../i18n/en.ts';
import type { Translate } from '../i18n/format.ts';
import { canSendAgain, refusalReason, refusalText } from './refusal-text.ts';

/** A tiny t() over the English messages, enough for these keys. */
const t: Translate = (key, values = {}) => {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return String(node).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
};

const parked = (fields: Partial<ParkedCompletion>): ParkedCompletion => ({
  id: 'k',
  routeId: 1,
  stopId: 2,
  stop: { number: 3, name: 'Bram van den Berg' },
  status: 'finished',
  completedAt: null,
  completionNote: null,
  recipientNote: null,
  photos: 0,
  signed: false,
  signatureName: null,
  birthDate: null,
  reason: 'refused',
  httpStatus: 400,
  message: 'Bad',
  parkedAt: 0,
  ...fields,
});

describe('refusalReason', () => {
  it.each<[string, Partial<ParkedCompletion>, string]>([
    [
      'the stop removed (404, field service)',
      { reason: 'not_found', httpStatus: 404, field: 'service' },
      'Stop not found. Please reload your route.',
    ],
    [
      'the route reassigned (404, field id)',
      { reason: 'not_found', httpStatus: 404, field: 'id' },
      'This route is no longer assigned to you.',
    ],
    [
      'another 404 says the server’s words',
      { reason: 'not_found', httpStatus: 404, message: 'Gone' },
      'The server refused it: Gone',
    ],
    [
      'a 422',
      { reason: 'refused', httpStatus: 422, message: 'Not a real image' },
      'The server refused it: Not a real image',
    ],
    ['a 400 without words', { reason: 'refused', message: '' }, 'The server could not store it.'],
    [
      'a 413: too large, in the app’s words',
      { reason: 'too_large', httpStatus: 413, message: 'The request body is larger than the limit of 6291456 bytes' },
      'It is too large for the server to take. Complete the stop again with fewer photos.',
    ],
    [
      'a 500 for this item only',
      { reason: 'server_error', httpStatus: 500, message: 'Internal' },
      'The server could not store it.',
    ],
  ])('%s', (_name, fields, text) => {
    expect(refusalReason(parked(fields), t)).toBe(text);
  });
});

describe('refusalText', () => {
  it('names the stop by number and name, or by name for start, end and breaks', () => {
    expect(refusalText(parked({ reason: 'not_found', field: 'service' }), t)).toBe(
      'Stop 3 (Bram van den Berg) was not saved. Stop not found. Please reload your route.',
    );
    expect(refusalText(parked({ stop: { number: null, name: 'Break time' }, message: 'Bad' }), t)).toBe(
      'Break time was not saved. The server refused it: Bad',
    );
  });
});

describe('canSendAgain', () => {
  it('is false only for a shared link the server refused for good (issue 46): a Retry would only park it again', () => {
    expect(canSendAgain(parked({ reason: 'link_refused', httpStatus: 401 }))).toBe(false);
    for (const reason of ['not_found', 'refused', 'too_large', 'server_error'] as const)
      expect(canSendAgain(parked({ reason })), reason).toBe(true);
  });
});
