/**
 * The sign-in's first paint (issue 32): a navigation from a visitor without a session is answered with the sign-in
 * as real HTML (scripts/sign-in-first-paint.ts builds one page per language), so the email field takes typing before
 * any of the app's code has arrived. Everyone else gets index.html and its splash as before: a shared link, a
 * driver whose phone says it has a session (the app's session hint cookie), a deep link the app resolves itself.
 * The page's language is the driver's language cookie, else the best of Accept-Language, else English; its terms
 * link is this server's TERMS_URL.
 */
import { join } from 'node:path';
import { parse as parseCookies } from 'cookie';
import Negotiator from 'negotiator';
import { LANGUAGES, type Language } from '../../src-shared/domain/settings.ts';
import {
  firstPaintPage,
  LANGUAGE_COOKIE,
  SESSION_HINT_COOKIE,
  TERMS_URL_SLOT,
} from '../../src-shared/protocol/first-paint.ts';
import { fileWhenChanged } from './file-when-changed.ts';

export interface NavigationFacts {
  /** The path without its leading slash, as the static handler has it. */
  path: string;
  query: URLSearchParams;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The page's language: the driver's choice (its cookie), else the browser's best match, else English. */
export function firstPaintLanguage(facts: Pick<NavigationFacts, 'cookie' | 'acceptLanguage'>): Language {
  const chosen = parseCookies(facts.cookie ?? '')[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return chosen;
  const best = new Negotiator({ headers: { 'accept-language': facts.acceptLanguage ?? '' } }).language([...LANGUAGES]);
  return isLanguage(best) ? best : 'en';
}

/**
 * Whether this navigation opens on the sign-in: /login always; / unless it carries a shared link (its token) or the
 * phone keeps a session (the hint cookie: then the app opens on the routes, and a sign-in painted first would flash).
 */
export function opensOnSignIn(facts: Pick<NavigationFacts, 'path' | 'query' | 'cookie'>): boolean {
  if (facts.path === 'login') return true;
  if (facts.path !== '') return false;
  if (facts.query.has('token')) return false;
  return parseCookies(facts.cookie ?? '')[SESSION_HINT_COOKIE] === undefined;
}

/** Escaped for an attribute value in double quotes. */
const attributeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The built first-paint pages under `staticDir`, with the terms link filled in (the config's at the time of the
 * request: a server on port 0 learns its address only once it listens); null for a language whose page is not built
 * (an older build, or none). Each is read again only when a build replaced it.
 */
export function firstPaintPages(staticDir: string): (language: Language, termsUrl: string) => Promise<string | null> {
  const split = (page: string) => page.split(attributeText(TERMS_URL_SLOT));
  const pages = new Map(
    LANGUAGES.map((language) => [language, fileWhenChanged(join(staticDir, firstPaintPage(language)), split)]),
  );
  return async (language, termsUrl) => (await pages.get(language)?.())?.join(attributeText(termsUrl)) ?? null;
}
