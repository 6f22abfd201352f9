/**
 * Taking over the sign-in's first paint (issue 32): the server may send a new visitor the sign-in as real HTML
 * (src-server/http/first-paint.ts), which takes typing before the app's code has run. The sign-in screen reads it
 * in its first render, which React commits in the same task, so nothing typed in between is lost: what is in the
 * email field (typed or filled by a password manager), where the caret is when the field has the focus, and whether
 * Next was pressed (the early script held the form back and noted it: platform/early-start.ts).
 */
import {
  EARLY_SUBMIT_LISTENER,
  EARLY_SUBMIT_PRESSED,
  FIRST_PAINT_ATTRIBUTE,
  FIRST_PAINT_SIGN_IN,
} from '../../src-shared/protocol/first-paint.ts';

export interface SignInHandoff {
  email: string;
  /** The caret or selection in the field; null when the field did not have the focus. */
  selection: { start: number; end: number; direction: 'forward' | 'backward' | 'none' } | null;
  /** Next (or Enter) was pressed before the app could answer. */
  pressed: boolean;
}

type EarlyGlobals = Record<string, unknown>;

/** The sign-in's first paint, while the app has not replaced it yet. */
const signInFirstPaint = (doc: Document) => doc.querySelector(`[${FIRST_PAINT_ATTRIBUTE}="${FIRST_PAINT_SIGN_IN}"]`);

/** Whether the page shows the sign-in's first paint (the app has not replaced it yet). */
export function hasSignInFirstPaint(doc: Document = document): boolean {
  return signInFirstPaint(doc) !== null;
}

/** What the first paint's form holds; null when the page has none (any start but a new visitor's). */
export function readSignInFirstPaint(
  doc: Document = document,
  scope: EarlyGlobals = self as never,
): SignInHandoff | null {
  const input = signInFirstPaint(doc)?.querySelector<HTMLInputElement>('input[name="email"]');
  if (!input) return null;
  return {
    email: input.value,
    selection: doc.activeElement === input ? selectionOf(input) : null,
    pressed: scope[EARLY_SUBMIT_PRESSED] === true,
  };
}

/** The caret or selection; null for a field without one (an email field has none: EmailStep uses a text field). */
function selectionOf(input: HTMLInputElement): SignInHandoff['selection'] {
  const { selectionStart: start, selectionEnd: end, selectionDirection: direction } = input;
  return start === null || end === null ? null : { start, end, direction: direction ?? 'none' };
}

/** Once the app's form is in place: the early script's listener and its note go. */
export function releaseEarlySignIn(doc: Document = document, scope: EarlyGlobals = self as never): void {
  const listener = scope[EARLY_SUBMIT_LISTENER];
  if (typeof listener === 'function') doc.removeEventListener('submit', listener as EventListener, true);
  delete scope[EARLY_SUBMIT_LISTENER];
  delete scope[EARLY_SUBMIT_PRESSED];
}

/** Puts the caret (or selection) back in the app's own field, which replaced the first paint's. */
export function restoreCaret(input: HTMLInputElement, selection: SignInHandoff['selection']): void {
  if (!selection) return;
  input.focus({ preventScroll: true });
  input.setSelectionRange(selection.start, selection.end, selection.direction);
}
