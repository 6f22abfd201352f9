/** The driver's settings (spec section 3 "Settings"): values, defaults and how long their cookies live. */

export const LANGUAGES = ['en', 'nl', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

const DISTANCE_UNITS = ['km', 'mi'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

const MAP_VIEWS = ['on', 'off'] as const;
export type MapView = (typeof MAP_VIEWS)[number];

export const NAVIGATION_APPS = ['google', 'waze', 'apple', 'yandex'] as const;
export type NavigationApp = (typeof NAVIGATION_APPS)[number];

export const MAP_THEMES = ['standard', 'light', 'dark'] as const;
export type MapTheme = (typeof MAP_THEMES)[number];

/**
 * The app's own colours: the phone's setting (System), or always Light, Dark or Sunlight (the highest contrast, for
 * direct sun: issue 45). Not in the spec (issue 15).
 */
const THEMES = ['system', 'light', 'dark', 'sunlight'] as const;
export type Theme = (typeof THEMES)[number];
/** The colours the app shows (System resolved): <html data-theme>. */
export type AppTheme = Exclude<Theme, 'system'>;

/** High visibility for bright sunlight: larger type for stop names and actions. Not in the spec (issue 15). */
const HIGH_VISIBILITY = ['off', 'on'] as const;
type HighVisibility = (typeof HIGH_VISIBILITY)[number];

export interface Settings {
  language: Language;
  distanceUnit: DistanceUnit;
  mapView: MapView;
  navigationMap: NavigationApp;
  mapTheme: MapTheme;
  theme: Theme;
  highVisibility: HighVisibility;
}
export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Settings = {
  language: 'en',
  distanceUnit: 'km',
  mapView: 'on',
  navigationMap: 'google',
  mapTheme: 'light',
  theme: 'system',
  highVisibility: 'off',
};

export const SETTING_VALUES: { [K in SettingKey]: readonly Settings[K][] } = {
  language: LANGUAGES,
  distanceUnit: DISTANCE_UNITS,
  mapView: MAP_VIEWS,
  navigationMap: NAVIGATION_APPS,
  mapTheme: MAP_THEMES,
  theme: THEMES,
  highVisibility: HIGH_VISIBILITY,
};

/** Cookie lifetimes in days: settings 3650, the map theme 365 (the app's theme and high visibility: settings). */
export const SETTING_COOKIE_DAYS: Record<SettingKey, number> = {
  language: 3650,
  distanceUnit: 3650,
  mapView: 3650,
  navigationMap: 3650,
  mapTheme: 365,
  theme: 3650,
  highVisibility: 3650,
};

export function isSettingValue<K extends SettingKey>(key: K, value: unknown): value is Settings[K] {
  return (SETTING_VALUES[key] as readonly unknown[]).includes(value);
}

/** Apple Maps is offered only on iOS devices. */
export function navigationAppsFor(isIos: boolean): readonly NavigationApp[] {
  return isIos ? NAVIGATION_APPS : NAVIGATION_APPS.filter((app) => app !== 'apple');
}

/** Settings read from stored values: anything unknown or missing falls back to its default. */
export function settingsFrom(stored: Partial<Record<SettingKey, string | undefined>>): Settings {
  const out = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as SettingKey[]) {
    const value = stored[key];
    if (isSettingValue(key, value)) (out as Record<SettingKey, string>)[key] = value;
  }
  return out;
}

/** The colours the app shows: the chosen theme, or with System the phone's own preference. */
export function resolveTheme(theme: Theme, systemDark: boolean): AppTheme {
  return theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;
}

/**
 * The map's style: the one the driver chose in the More sheet; never chosen (the spec's default, Light), it follows
 * the app, so a dark app shows the dark map (a Sunlight app the Light one, which it draws in its own high-contrast
 * colours: src-ui/map).
 */
export function mapThemeFor(mapTheme: MapTheme, chosen: boolean, app: AppTheme): MapTheme {
  return chosen || app !== 'dark' ? mapTheme : 'dark';
}

/** The country lookup's answer (`loc=XX`) to a language: NL gives Dutch, DE/AT/CH German, others English. */
export function languageForCountry(country: string | null | undefined): Language {
  const code = country?.trim().toUpperCase();
  if (code === 'NL') return 'nl';
  if (code === 'DE' || code === 'AT' || code === 'CH') return 'de';
  return 'en';
}

/** Reads `loc=XX` from a trace page (lines of key=value). */
export function countryFromTrace(text: string): string | null {
  const match = /^loc=([A-Za-z]{2})\s*$/m.exec(text);
  return match ? match[1]!.toUpperCase() : null;
}
