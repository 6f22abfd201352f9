/**
 * The UI's platform layer: everything only the page can see (cookies, sessionStorage, online/offline,
 * visibility) is read here and forwarded to the core, which never touches them itself.
 */
import type { Remote } from 'comlink';
import type { LinkEntry, PlatformInit, WorkerApi } from '../../src-shared/api/worker-api.ts';
import { LANGUAGES, type Language, type SettingKey, type Settings } from '../../src-shared/domain/settings.ts';
import { readSettings, writeSetting } from './cookies.ts';
import { hasSignInFirstPaint } from './first-paint.ts';
import { forgetLink, linkFromSearch, loadLink, storeLink } from './link-session.ts';

/** A link in the URL wins over the stored one; it is stored and the address it came on is left behind. */
export function takeLinkFromUrl(): LinkEntry | null {
  const fromUrl = linkFromSearch(location.search);
  if (!fromUrl) return null;
  storeLink(fromUrl);
  return fromUrl;
}

/** `native`: inside a wrapper, what its handshake handed over (src-ui/platform/native-session.ts). */
export function platformInit(link: LinkEntry | null, native?: Pick<PlatformInit, 'handedTokens'> | null): PlatformInit {
  const { settings, languageChosen } = readSettings();
  // A new visitor's sign-in was sent in the browser's language (the server's pick from Accept-Language): the app
  // goes on in it rather than switching the form under the driver's fingers. Not a choice: no cookie is written.
  const pageLanguage = document.documentElement.lang as Language;
  if (!languageChosen && hasSignInFirstPaint() && LANGUAGES.includes(pageLanguage)) settings.language = pageLanguage;
  return {
    ...native,
    baseUrl: location.origin,
    settings,
    languageChosen,
    link: link ?? loadLink(),
    online: navigator.onLine,
    visible: document.visibilityState === 'visible',
  };
}

/** Forwards the browser's connectivity and visibility to the core; returns the unsubscribe. */
export function watchConnectivity(api: Remote<WorkerApi>): () => void {
  const online = () => void api.setConnectivity({ online: true });
  const offline = () => void api.setConnectivity({ online: false });
  const visibility = () => void api.setConnectivity({ visible: document.visibilityState === 'visible' });
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  document.addEventListener('visibilitychange', visibility);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    document.removeEventListener('visibilitychange', visibility);
  };
}

/** A setting the driver chose: persisted in its cookie, then given to the core. The current value does nothing. */
export async function chooseSetting<K extends SettingKey>(
  api: Remote<WorkerApi>,
  current: Settings,
  key: K,
  value: Settings[K],
): Promise<boolean> {
  if (current[key] === value) return false;
  writeSetting(key, value);
  const res = await api.setSetting(key, value);
  return res.ok && res.value.changed;
}

export async function leaveLink(api: Remote<WorkerApi>): Promise<void> {
  forgetLink();
  await api.closeLink();
}
