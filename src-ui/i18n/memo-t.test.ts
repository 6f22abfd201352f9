/**
 * Texts resolved once per language (memo-t.ts), on the app's real i18next instance and messages: a repeated key is
 * answered from the table, the options make their own entries, a language switch and a part added resolve afresh.
 */
import { describe, expect, it, vi } from 'vitest';
import { de } from './de.ts';
import { en } from './en.ts';
import { initI18n, loadRouteMessages, setLanguage } from './index.ts';
import { textKey } from './memo-t.ts';

describe('memoised texts', () => {
  it('resolves a key once per language and options, and again after a switch or a part added', async () => {
    const i18n = await initI18n('en');
    // Installed with the route part (the route screens' strings).
    await loadRouteMessages(i18n);
    const resolve = vi.spyOn(i18n, 't');
    const t = i18n.getFixedT('en', 'translation');
    // Asked before its part is there: i18next answers the key itself, and again once the part is added.
    expect(t('extra.note')).toBe('extra.note');
    i18n.addResourceBundle('en', 'translation', { extra: { note: 'Added later' } }, true, true);
    expect(t('extra.note')).toBe('Added later');
    expect(t('route.start.title')).toBe(en.route.start.title);
    resolve.mockClear();
    for (let i = 0; i < 5; i++) expect(t('route.start.title')).toBe(en.route.start.title);
    expect(resolve).toHaveBeenCalledTimes(0);
    expect(t('route.distanceAway', { distance: '2 km' })).toContain('2 km');
    expect(t('route.distanceAway', { distance: '3 km' })).toContain('3 km');
    expect(t('route.distanceAway', { distance: '2 km' })).toContain('2 km');
    expect(resolve).toHaveBeenCalledTimes(2);
    await setLanguage('de', i18n);
    expect(i18n.getFixedT('de', 'translation')('route.start.title')).toBe(de.route.start.title);
  });

  it('keys only plain options; a default text or an object goes to i18next each time', () => {
    expect(textKey('a.b', undefined, [])).toBe('a.b');
    expect(textKey('a.b', { count: 2 }, [])).toBe('a.b\u0000{"count":2}');
    expect(textKey('a.b', 'default', [])).toBeNull();
    expect(textKey('a.b', { when: new Date() }, [])).toBeNull();
    expect(textKey(['a', 'b'], undefined, [])).toBeNull();
    expect(textKey('a.b', {}, [{}])).toBeNull();
  });
});
