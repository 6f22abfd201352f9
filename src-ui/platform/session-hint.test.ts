import { describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE, SESSION_HINT_COOKIE } from '../../src-shared/protocol/first-paint.ts';
import { settingCookieName } from './cookies.ts';
import { sessionHintCookie } from './session-hint.ts';

describe('the cookies the server reads for the first paint', () => {
  it('names the language cookie as the app writes it', () => {
    expect(LANGUAGE_COOKIE).toBe(settingCookieName('language'));
  });

  it('sets the session hint for a year while signed in, and clears it at sign-out', () => {
    expect(sessionHintCookie(true, false)).toBe(`${SESSION_HINT_COOKIE}=1; Max-Age=31536000; Path=/; SameSite=Lax`);
    expect(sessionHintCookie(false, true)).toBe(`${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax; Secure`);
  });
});
