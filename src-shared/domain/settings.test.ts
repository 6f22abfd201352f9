import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  isSettingValue,
  mapThemeFor,
  resolveTheme,
  SETTING_COOKIE_DAYS,
  settingsFrom,
} from './settings.ts';

describe('the app theme', () => {
  it.each([
    ['system', false, 'light'],
    ['system', true, 'dark'],
    ['light', true, 'light'],
    ['light', false, 'light'],
    ['dark', false, 'dark'],
    ['dark', true, 'dark'],
    // Sunlight is chosen for the sun: a dark phone does not turn it dark.
    ['sunlight', false, 'sunlight'],
    ['sunlight', true, 'sunlight'],
  ] as const)('%s with the phone dark=%s shows %s', (theme, systemDark, shown) => {
    expect(resolveTheme(theme, systemDark)).toBe(shown);
  });

  it('defaults to the phone, and high visibility to off', () => {
    expect(DEFAULT_SETTINGS.theme).toBe('system');
    expect(DEFAULT_SETTINGS.highVisibility).toBe('off');
  });

  it('is read from stored values, anything unknown falling back to the default', () => {
    expect(settingsFrom({ theme: 'dark', highVisibility: 'on' })).toMatchObject({
      theme: 'dark',
      highVisibility: 'on',
    });
    expect(settingsFrom({ theme: 'sepia', highVisibility: 'yes' })).toMatchObject({
      theme: 'system',
      highVisibility: 'off',
    });
    expect(isSettingValue('theme', 'light')).toBe(true);
    expect(isSettingValue('theme', 'sunlight')).toBe(true);
    expect(settingsFrom({ theme: 'sunlight' }).theme).toBe('sunlight');
    expect(isSettingValue('theme', 'standard')).toBe(false);
  });

  it('keeps its cookies as long as the other settings (the map style alone lives 365 days)', () => {
    expect(SETTING_COOKIE_DAYS.theme).toBe(3650);
    expect(SETTING_COOKIE_DAYS.highVisibility).toBe(3650);
    expect(SETTING_COOKIE_DAYS.mapTheme).toBe(365);
  });
});

describe('the map style', () => {
  it.each([
    // Never chosen: the spec's default (Light) in a light app, the dark style in a dark one.
    ['light', false, 'light', 'light'],
    ['light', false, 'dark', 'dark'],
    // Chosen: always the driver's choice, Light in a dark app too.
    ['light', true, 'dark', 'light'],
    ['standard', true, 'dark', 'standard'],
    ['dark', true, 'light', 'dark'],
    ['standard', true, 'light', 'standard'],
    // A Sunlight app: the Light style unless another was chosen (src-ui/map draws it in high contrast).
    ['light', false, 'sunlight', 'light'],
    ['standard', true, 'sunlight', 'standard'],
  ] as const)('%s (chosen: %s) in a %s app shows %s', (mapTheme, chosen, app, shown) => {
    expect(mapThemeFor(mapTheme, chosen, app)).toBe(shown);
  });
});
