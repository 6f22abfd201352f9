/**
 * Text as people count it, and as both databases store it. Pure, so the screen (the note counter), the core (the
 * checks before a completion is queued) and the server (the completion rules, the schemas) count and clean text the
 * same way.
 *
 * - Length is in characters (Unicode code points), not UTF-16 code units: an emoji is one character, as the JSON
 *   schemas count it (Ajv's maxLength counts code points), so 500 emoji are a 500-character note everywhere.
 * - U+0000 (NUL) is no text: PostgreSQL refuses it in any text value, so the server refuses it in every request
 *   (src-shared/schemas/fields.ts), and the app removes it from what a driver types or pastes before it is stored.
 */

/** U+0000: the one character PostgreSQL cannot store in text. */
const NUL = '\u0000';

/** The number of characters (code points): a surrogate pair counts once, a lone surrogate once too. */
export function textLength(text: string): number {
  let pairs = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return text.length - pairs;
}

/** The first `max` characters (code points), never half of a surrogate pair. */
export function cutText(text: string, max: number): string {
  // At most `max` code units is at most `max` characters: the common case needs no walk.
  if (text.length <= max) return text;
  let count = 0;
  let end = 0;
  for (const char of text) {
    if (count === max) break;
    count++;
    end += char.length;
  }
  return text.slice(0, end);
}

export const hasNul = (text: string) => text.includes(NUL);

/** The text without any U+0000 (pasted text can hold it; it carries nothing a reader sees). */
export const withoutNul = (text: string) => (hasNul(text) ? text.replaceAll(NUL, '') : text);

/**
 * What a reader can see: a letter, a digit or a symbol (an emoji is one), never one of the characters Unicode says
 * draw nothing (zero-width spaces and joiners, U+2060, U+FEFF, the Hangul fillers) nor the blank braille cell.
 * A combining mark (\p{M}) is not enough on its own: with nothing to sit on it shows as a stray accent or nothing,
 * and every script that uses marks writes them on a letter, which counts.
 */
const VISIBLE = /(?![\u2800\p{Default_Ignorable_Code_Point}])[\p{L}\p{N}\p{S}]/u;

/**
 * Whether a required text says something (issue 44): at least one visible letter, digit or symbol. Text of spaces,
 * zero-width characters, lone combining marks or punctuation alone is empty. The one rule for every required text of
 * the proofs and the outcomes (a signer's name, a required note, a neighbour's name and house number, a safe place),
 * so the screen marks, the core refuses to queue and the server refuses to store the same texts.
 */
export const isFilled = (text: string | null | undefined): boolean => text != null && VISIBLE.test(text);
