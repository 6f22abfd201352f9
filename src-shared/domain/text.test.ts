import { describe, expect, it } from 'vitest';
import { cutText, hasNul, isFilled, textLength, withoutNul } from './text.ts';

const EMOJI = '\u{1F4E6}'; // 📦, two UTF-16 code units
const FLAG = '\u{1F1F3}\u{1F1F1}'; // 🇳🇱, two code points (four code units)

describe('textLength', () => {
  it.each<[string, string, number]>([
    ['empty', '', 0],
    ['plain', 'Bel aan', 7],
    ['accents (one code point each)', 'Straße café', 11],
    ['an emoji is one character', EMOJI, 1],
    ['500 emoji are 500 characters', EMOJI.repeat(500), 500],
    ['a flag is two code points', FLAG, 2],
    ['a lone high surrogate counts once', '\ud800', 1],
    ['a lone low surrogate counts once', 'a\udc00b', 3],
    ['a high surrogate at the end', `ab\ud83d`, 3],
    ['NUL is a character', 'a\u0000b', 3],
  ])('%s', (_name, text, length) => {
    expect(textLength(text)).toBe(length);
    expect(textLength(text)).toBe([...text].length);
  });
});

describe('cutText', () => {
  it.each<[string, string, number, string]>([
    ['short text stays', 'abc', 5, 'abc'],
    ['exactly the limit stays', 'abcde', 5, 'abcde'],
    ['plain text is cut', 'abcdef', 5, 'abcde'],
    ['500 emoji stay 500 emoji', EMOJI.repeat(500), 500, EMOJI.repeat(500)],
    ['501 emoji are cut to 500', EMOJI.repeat(501), 500, EMOJI.repeat(500)],
    ['never half a pair', `abcd${EMOJI}`, 5, `abcd${EMOJI}`],
    ['a pair past the limit is left out whole', `abcde${EMOJI}`, 5, 'abcde'],
    ['zero', 'abc', 0, ''],
  ])('%s', (_name, text, max, cut) => {
    expect(cutText(text, max)).toBe(cut);
    expect(textLength(cutText(text, max))).toBeLessThanOrEqual(max);
  });
});

describe('NUL', () => {
  it.each<[string, string, boolean, string]>([
    ['none', 'Bel aan bij de buren', false, 'Bel aan bij de buren'],
    ['one in pasted text', 'Bel aan\u0000 bij de buren', true, 'Bel aan bij de buren'],
    ['only NULs', '\u0000\u0000', true, ''],
    ['an escaped one is text, not NUL', '\\u0000', false, '\\u0000'],
    ['emoji around it', `${EMOJI}\u0000${EMOJI}`, true, `${EMOJI}${EMOJI}`],
  ])('%s', (_name, text, nul, clean) => {
    expect(hasNul(text)).toBe(nul);
    expect(withoutNul(text)).toBe(clean);
  });
});

describe('isFilled: a required text shows something (issue 44)', () => {
  it.each<[string, string | null | undefined, boolean]>([
    ['null', null, false],
    ['undefined', undefined, false],
    ['empty', '', false],
    ['spaces, a tab, a new line and a no-break space', ' \t\n\u00a0', false],
    ['zero-width space, non-joiner, joiner, word joiner, byte order mark', '\u200b\u200c\u200d\u2060\ufeff', false],
    ['a soft hyphen and the combining grapheme joiner', '\u00ad\u034f', false],
    ['a Hangul filler (a letter that draws nothing)', '\u3164', false],
    ['the blank braille cell', '\u2800', false],
    ['a lone combining mark: an accent on nothing', '\u0301', false],
    ['combining marks on a zero-width space', '\u200b\u0301\u0308', false],
    ['punctuation alone', '-.', false],
    ['a letter', 'a', true],
    ['a letter with its mark', 'e\u0301', true],
    ['digits', '12', true],
    ['a house number with a letter', ' 12A ', true],
    ['CJK', '\u6771\u4eac', true],
    ['an emoji', EMOJI, true],
    ['a flag', FLAG, true],
    ['a symbol', '\u20ac', true],
    ['a letter behind zero-width characters', '\u200bJ\u200b', true],
  ])('%s: %s', (_, text, expected) => {
    expect(isFilled(text)).toBe(expected);
  });
});
