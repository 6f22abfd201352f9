import { describe, expect, it } from 'vitest';
import { de } from './de.ts';
import { en } from './en.ts';
import { nl } from './nl.ts';
import { splitTag } from './tagged.ts';

describe('splitTag', () => {
  it.each([
    [
      'By signing in, you agree to the <terms>Terms of service</terms>.',
      ['By signing in, you agree to the ', 'Terms of service', '.'],
    ],
    ['<terms>All</terms>', ['', 'All', '']],
    ['No tag here', ['No tag here', '', '']],
    ['Broken <terms>tag', ['Broken <terms>tag', '', '']],
  ])('%s', (text, [before, inner, after]) => {
    expect(splitTag(text, 'terms')).toEqual({ before, inner, after });
  });

  it('finds the link in every language', () => {
    for (const messages of [en, nl, de]) expect(splitTag(messages.login.terms, 'terms').inner).not.toBe('');
  });
});
