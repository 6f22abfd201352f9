/**
 * What the sign-in's first paint (src-ui/screens/login/first-paint.tsx), the build that writes it
 * (scripts/sign-in-first-paint.ts), the server that sends it (src-server/http/first-paint.ts), the page's early
 * script and the app that takes it over (src-ui/platform/first-paint.ts) agree on.
 */

/** The attribute on the first paint's outermost element; its value says which screen it is. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';
export const FIRST_PAINT_SIGN_IN = 'sign-in';

/** Where the terms link points until the server puts its TERMS_URL there (the first paint is built once). */
export const TERMS_URL_SLOT = 'https://terms-url.droplane.invalid/';

/** index.html's markers around #root's first paint, which the build replaces per language. */
export const FIRST_PAINT_START = '<!--first-paint-->';
export const FIRST_PAINT_END = '<!--/first-paint-->';

/** The built pages: `first-paint/sign-in.<language>.html` under the build's folder. */
export const firstPaintPage = (language: string): string => `first-paint/sign-in.${language}.html`;

/**
 * The globals the early script leaves: a Next pressed before the app's code ran (the early script keeps the form
 * from submitting itself), and its submit listener, which the app removes when it takes the form over.
 */
export const EARLY_SUBMIT_PRESSED = '__droplaneSignInPressed';
export const EARLY_SUBMIT_LISTENER = '__droplaneSignInListener';

/** The driver's language setting, as the app keeps it (src-ui/platform/cookies.ts; a test holds the two equal). */
export const LANGUAGE_COOKIE = 'dl_language';

/**
 * Set by the app while the phone keeps a session, cleared at sign-out: it says only that, never who. With it, / is
 * answered with the splash (the app opens on the routes), without it with the sign-in.
 */
export const SESSION_HINT_COOKIE = 'dl_session';
