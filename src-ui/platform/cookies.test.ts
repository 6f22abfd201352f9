import { describe, expect, it } from 'vitest';
import { readSettings, settingCookie, settingStored } from './cookies.ts';

const DAY = 86_400;

describe('setting cookies', () => {
  it('writes the theme and high visibility with the settings lifetime', () => {
    expect(settingCookie('theme', 'dark', false)).toBe(`dl_theme=dark; Max-Age=${3650 * DAY}; Path=/; SameSite=Lax`);
    expect(settingCookie('highVisibility', 'on', true)).toBe(
      `dl_highVisibility=on; Max-Age=${3650 * DAY}; Path=/; SameSite=Lax; Secure`,
    );
  });

  it('reads them back, ignoring values that are not theirs', () => {
    expect(readSettings('dl_theme=dark; dl_highVisibility=on').settings).toMatchObject({
      theme: 'dark',
      highVisibility: 'on',
    });
    expect(readSettings('dl_theme=purple; dl_highVisibility=1').settings).toMatchObject({
      theme: 'system',
      highVisibility: 'off',
    });
  });

  it('tells a chosen setting from a default one', () => {
    expect(settingStored('mapTheme', 'dl_language=nl')).toBe(false);
    expect(settingStored('mapTheme', 'dl_mapTheme=light')).toBe(true);
    expect(settingStored('mapTheme', 'dl_mapTheme=sepia')).toBe(false);
    expect(settingStored('theme', 'dl_theme=system')).toBe(true);
  });
});
