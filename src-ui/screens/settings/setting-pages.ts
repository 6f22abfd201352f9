/** Which setting each picker page edits (/account/settings/{page}), and the options it offers. */
import {
  navigationAppsFor,
  SETTING_VALUES,
  type SettingKey,
  type Settings,
} from '../../../src-shared/domain/settings.ts';
import { SETTING_PAGES, type SettingPage } from '../../app/paths.ts';
import { isIosDevice } from '../../platform/device.ts';

export const PAGE_SETTING = {
  language: 'language',
  navigation: 'navigationMap',
  'distance-units': 'distanceUnit',
  'map-view': 'mapView',
  theme: 'theme',
  'high-visibility': 'highVisibility',
} as const satisfies Record<SettingPage, SettingKey>;

export type PickerSetting = (typeof PAGE_SETTING)[SettingPage];

export const isSettingPage = (page: string): page is SettingPage => (SETTING_PAGES as readonly string[]).includes(page);

/** The values a picker offers, in order: Apple Maps only on iOS (spec section 2, Settings). */
export function optionsFor(key: PickerSetting): readonly Settings[PickerSetting][] {
  return key === 'navigationMap' ? navigationAppsFor(isIosDevice()) : SETTING_VALUES[key];
}

/** The i18n keys of a setting's row and of one of its values. */
export const rowLabelKey = (key: PickerSetting) => `settings.rows.${key}`;
export const optionLabelKey = (key: PickerSetting, value: string) => `settings.options.${key}.${value}`;
