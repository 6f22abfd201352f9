/**
 * The app's i18next instance. English is bundled; Dutch and German are dynamic imports, so each is its own chunk,
 * fetched only when that language is chosen (at start-up or from Settings).
 *
 * Usage: `await initI18n(settings.language)` before the first render (it also registers the instance with
 * react-i18next, so `useTranslation()` needs no provider), then `setLanguage(lang)` whenever the setting changes.
 */
import { createInstance, type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../../src-shared/domain/settings.ts';
import { en, type Messages } from './en.ts';

export type { Messages } from './en.ts';

const NAMESPACE = 'translation';

type LazyLanguage = Exclude<Language, 'en'>;

/** One dynamic import per language: Vite emits each as a separate chunk. */
const loaders: Record<LazyLanguage, () => Promise<Messages>> = {
  nl: () => import('./nl.ts').then((module) => module.nl),
  de: () => import('./de.ts').then((module) => module.de),
};

/** The messages of one language (English at once, the others from their chunk). */
export function loadMessages(language: Language): Promise<Messages> {
  return language === 'en' ? Promise.resolve(en) : loaders[language]();
}

let current: i18n | null = null;
let latestRequest = 0;

/** The instance made by the last initI18n, if any. */
export function getI18n(): i18n | null {
  return current;
}

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * Creates and initialises the instance in `language`. If that language's chunk cannot be loaded (e.g. offline
 * before it was ever cached), the app starts in English rather than not at all.
 */
export async function initI18n(language: Language): Promise<i18n> {
  const resources: Resource = { en: { [NAMESPACE]: en } };
  let lng: Language = language;
  if (language !== 'en') {
    try {
      resources[language] = { [NAMESPACE]: await loaders[language]() };
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
    const messages = await loaders[language]();
    instance.addResourceBundle(language, NAMESPACE, messages, true, true);
  }
  if (request !== latestRequest) return;
  await instance.changeLanguage(language);
  applyDocumentLanguage(language);
}
