/**
 * Taking over the sign-in's first paint (platform/first-paint.ts, issue 32): the page's first paint was the email
 * step as HTML, which the driver may have typed into, and pressed Next on, before the app's code arrived.
 */
import { useLayoutEffect, useState } from 'react';
import { readSignInFirstPaint, releaseEarlySignIn, restoreCaret } from '../../platform/first-paint.ts';

/**
 * What the first paint holds (the email typed, the caret, a Next pressed), or null when the screen starts elsewhere.
 * Read in a state initializer, so in this very render, which React commits in the same task as it replaces that
 * HTML: nothing the driver typed meanwhile is lost.
 */
export function useFirstPaintHandoff(firstStep: 'email' | 'reset') {
  const [handoff] = useState(() => (firstStep === 'email' ? readSignInFirstPaint() : null));
  return handoff;
}

/**
 * Before the paint (a layout effect): the caret stays where it was, and a Next pressed before the app was ready is
 * answered now, by the first render's submit (the email it sends is the one handed over).
 */
export function useFirstPaintTakeover(
  handoff: ReturnType<typeof useFirstPaintHandoff>,
  formId: string,
  submitEmail: () => Promise<void>,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the first paint this screen replaced.
  useLayoutEffect(() => {
    releaseEarlySignIn();
    if (!handoff) return;
    const input = document.getElementById(formId)?.querySelector<HTMLInputElement>('input[name="email"]');
    if (input) restoreCaret(input, handoff.selection);
    if (handoff.pressed) void submitEmail();
  }, []);
}
