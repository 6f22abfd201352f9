/** Settings live in cookies (spec section 3): one cookie per setting, with the spec's lifetimes. */
import { SETTING_COOKIE_DAYS, type SettingKey, type Settings, settingsFrom } from '../../src-shared/domain/settings.ts';

const PREFIX = 'dl_';

/** The cookie a setting lives in. */
export const settingCookieName = (key: SettingKey): string => PREFIX + key;
const DAY_SECONDS = 86_400;

function readCookies(source: string = document.cookie): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // a cookie not written by us: ignore it
    }
  }
  return out;
}

export function readSettings(source?: string): { settings: Settings; languageChosen: boolean } {
  const cookies = readCookies(source);
  const stored: Partial<Record<SettingKey, string>> = {};
  for (const key of Object.keys(SETTING_COOKIE_DAYS) as SettingKey[]) stored[key] = cookies[settingCookieName(key)];
  const settings = settingsFrom(stored);
  return { settings, languageChosen: settings.language === stored.language };
}

/** Whether the driver ever chose this setting (its cookie is there and holds one of its values). */
export function settingStored(key: SettingKey, source?: string): boolean {
  return readSettings(source).settings[key] === readCookies(source)[settingCookieName(key)];
}

/** The cookie text for one setting; `secure` only over https so it also works on localhost. */
export function settingCookie<K extends SettingKey>(key: K, value: Settings[K], secure: boolean): string {
  const maxAge = SETTING_COOKIE_DAYS[key] * DAY_SECONDS;
  return `${settingCookieName(key)}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function writeSetting<K extends SettingKey>(key: K, value: Settings[K]): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps settings in cookies; the Cookie Store API is not in every webview
  document.cookie = settingCookie(key, value, location.protocol === 'https:');
}
