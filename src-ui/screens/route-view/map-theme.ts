/**
 * Which map style the route view shows: the one the driver chose in the More sheet, or, never chosen, the app's
 * theme's (a dark app shows the dark map; mapThemeFor). Only the style's name is decided here (src-ui/map draws it).
 */
import { signal } from '@preact/signals-core';
import { type MapTheme, mapThemeFor, type Settings } from '../../../src-shared/domain/settings.ts';
import { settingStored, writeSetting } from '../../platform/cookies.ts';
import { appTheme } from '../../platform/theme.ts';

/** The map style's cookie is there: the driver chose one (read once, then set by chooseMapTheme). */
const chosen = signal(settingStored('mapTheme'));

/** The style to draw now; reading it in a component re-renders that component when it changes. */
export const shownMapTheme = (settings: Settings): MapTheme =>
  mapThemeFor(settings.mapTheme, chosen.value, appTheme.value);

/**
 * The driver picked a style in the More sheet. Picking the stored value (while the map followed a dark app) still
 * counts: the cookie is written, so the choice stays. Returns whether the core must be told (the value changed).
 */
export function chooseMapTheme(settings: Settings, value: MapTheme): boolean {
  chosen.value = true;
  if (settings.mapTheme !== value) return true;
  writeSetting('mapTheme', value);
  return false;
}
