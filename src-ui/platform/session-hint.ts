/**
 * The session hint cookie (src-shared/protocol/first-paint.ts): set while a driver is signed in on this phone,
 * cleared when signed out, so the server answers / with the splash for a driver (the app opens on the routes) and
 * with the sign-in's first paint for anyone else. It names nobody and proves nothing: the session itself stays in
 * the core's storage.
 */
import { effect } from '@preact/signals-core';
import { SESSION_HINT_COOKIE } from '../../src-shared/protocol/first-paint.ts';
import type { StateSignals } from '../bridge/mirror.ts';

/** A year: refreshed at every start while signed in. */
const HINT_SECONDS = 365 * 86_400;

export function sessionHintCookie(signedIn: boolean, secure: boolean): string {
  const lifetime = signedIn ? `Max-Age=${HINT_SECONDS}` : 'Max-Age=0';
  return `${SESSION_HINT_COOKIE}=${signedIn ? '1' : ''}; ${lifetime}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function keepSessionHint(state: Pick<StateSignals, 'session'>): () => void {
  let written: boolean | null = null;
  return effect(() => {
    const { status, driver } = state.session.value;
    if (status === 'loading') return;
    const signedIn = status === 'signed_in' && driver !== null;
    if (signedIn === written) return;
    written = signedIn;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain flag the server reads; the Cookie Store API is not in every webview
    document.cookie = sessionHintCookie(signedIn, location.protocol === 'https:');
  });
}
