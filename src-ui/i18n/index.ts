/**
 * The app's i18next instance. Messages come in two parts per language: the core part (sign-in, account,
 * settings, shared UI) and the route part (list, route view, stops, proofs). English core is bundled; every
 * other part is a dynamic import, its own chunk: Dutch and German when chosen, the route parts with the route
 * screens (loadRouteMessages), so the first screen carries only what it shows.
 *
 * Usage: `await initI18n(settings.language)` before the first render (it also registers the instance with
 * react-i18next, so `useTranslation()` needs no provider), then `setLanguage(lang)` whenever the setting changes.
 */
import { createInstance, type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../../src-shared/domain/settings.ts';
import type { CoreMessages, RouteMessages } from './en.ts';
import { enCore } from './en-core.ts';

const NAMESPACE = 'translation';

type LazyLanguage = Exclude<Language, 'en'>;

/** One dynamic import per part: Vite emits each as a separate chunk. */
const coreLoaders: Record<LazyLanguage, () => Promise<CoreMessages>> = {
  nl: () => import('./nl-core.ts').then((module) => module.nlCore),
  de: () => import('./de-core.ts').then((module) => module.deCore),
};
const routeLoaders: Record<Language, () => Promise<RouteMessages>> = {
  en: () => import('./en-route.ts').then((module) => module.enRoute),
  nl: () => import('./nl-route.ts').then((module) => module.nlRoute),
  de: () => import('./de-route.ts').then((module) => module.deRoute),
};

/** Set once a route screen asked for the route part: a later language switch loads that language's too. */
let routePartWanted = false;

/** The route parts a language needs: its own and English's, the fallback. */
const routeLanguages = (language: Language): Language[] => (language === 'en' ? ['en'] : [language, 'en']);

const hasRoutePart = (instance: i18n, lng: Language) => instance.getResource(lng, NAMESPACE, 'route') !== undefined;

/**
 * The route part, and with it the texts resolved once per language (memo-t.ts): the route screens are where a render
 * asks for many strings, and the first screen's code stays without it.
 */
async function addRoutePart(instance: i18n, language: Language): Promise<void> {
  await Promise.all([
    import('./memo-t.ts')
      .then((module) => module.memoiseTexts(instance))
      .catch(() => {
        // Its chunk missing (offline, never cached): the texts resolve on each call, as before.
      }),
    ...routeLanguages(language)
      .filter((lng) => !hasRoutePart(instance, lng))
      .map(async (lng) => instance.addResourceBundle(lng, NAMESPACE, await routeLoaders[lng](), true, true)),
  ]);
}

let current: i18n | null = null;
let latestRequest = 0;

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * Creates and initialises the instance in `language`. If that language's chunk cannot be loaded (e.g. offline
 * before it was ever cached), the app starts in English rather than not at all.
 */
export async function initI18n(language: Language): Promise<i18n> {
  const resources: Resource = { en: { [NAMESPACE]: { ...enCore } } };
  let lng: Language = language;
  if (language !== 'en') {
    try {
      resources[language] = { [NAMESPACE]: { ...(await coreLoaders[language]()) } };
    } catch {
      lng = 'en';
    }
  }

  const instance = createInstance();
  instance.use(initReactI18next);
  await instance.init({
    resources,
    lng,
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    defaultNS: NAMESPACE,
    ns: [NAMESPACE],
    // React escapes what it renders; escaping here too would show entities like &amp; to the driver.
    interpolation: { escapeValue: false },
    returnNull: false,
    // An empty translation falls back to English instead of rendering nothing.
    returnEmptyString: false,
  });

  current = instance;
  latestRequest += 1;
  applyDocumentLanguage(lng);
  return instance;
}

/**
 * Switches the language, loading its chunk first so no screen renders keys in between. When calls overlap, the
 * last one wins. Rejects if the chunk cannot be loaded (the previous language stays).
 */
export async function setLanguage(language: Language, instance: i18n | null = current): Promise<void> {
  if (!instance) throw new Error('setLanguage called before initI18n');
  const request = ++latestRequest;
  if (language !== 'en' && !instance.hasResourceBundle(language, NAMESPACE)) {
    instance.addResourceBundle(language, NAMESPACE, await coreLoaders[language](), true, true);
  }
  if (routePartWanted) await addRoutePart(instance, language);
  if (request !== latestRequest) return;
  await instance.changeLanguage(language);
  applyDocumentLanguage(language);
}

/**
 * Loads the route part of the current language (and English as its fallback). Route screens wait for it before
 * they render: `lazy(() => withRouteMessages(import('./RouteScreen.tsx')))`.
 */
export async function loadRouteMessages(instance: i18n | null = current): Promise<void> {
  routePartWanted = true;
  if (instance) await addRoutePart(instance, instance.language as Language);
}

/**
 * Starts downloading a language's route part (and English's, its fallback) without adding it anywhere: at boot,
 * when the first screen is a route screen, so its strings are not one more round trip after its code.
 */
export function preloadRouteMessages(language: Language): void {
  for (const lng of routeLanguages(language)) {
    routeLoaders[lng]().catch(() => {
      // Offline and never cached: the screen's own load says so when it gets there.
    });
  }
}

/** Whether the current language's route part (and English's) is in: a route screen can render at once. */
export function routeMessagesReady(): boolean {
  const instance = current;
  return !!instance && routeLanguages(instance.language as Language).every((lng) => hasRoutePart(instance, lng));
}

export async function withRouteMessages<T>(screen: Promise<T>): Promise<T> {
  const [module] = await Promise.all([screen, loadRouteMessages()]);
  return module;
}
