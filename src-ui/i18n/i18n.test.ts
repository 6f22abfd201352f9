import { describe, expect, it } from 'vitest';
import { INTENT_ERRORS } from '../../src-shared/api/worker-api.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { intentErrorKey, intentErrorText, noticeText } from './errors.ts';
import { formatDuration, formatInstantTime, formatTimeOfDay, formatWeekdayDayMonth, type Translate } from './format.ts';
import { initI18n, loadRouteMessages, setLanguage } from './index.ts';
import { nl } from './nl.ts';

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const EN = flatten(en);
const TRANSLATIONS = { nl: flatten(nl), de: flatten(de) };

/** Names and codes that read the same in every language. */
const SAME_EVERYWHERE = new Set([
  'Droplane',
  'OK',
  'Google Maps',
  'Waze',
  'Apple Maps',
  'Yandex Maps',
  'English',
  'Nederlands',
  'Deutsch',
  '© {{year}} Droplane',
  'Route {{index}}',
  '{{distance}} km',
  '{{count}}/500',
  '{{message}}',
]);
/** Per language, keys whose English word is also the right word there. */
const SAME_IN: Record<'nl' | 'de', ReadonlySet<string>> = {
  nl: new Set([
    'common.stops_one',
    'common.stops_other',
    'common.duration.minutes',
    'stop.detail.number',
    'deliveryPlace.garage',
  ]),
  de: new Set([
    'common.distance.mi',
    'settings.options.mapTheme.standard',
    'settings.options.theme.system',
    'deliveryPlace.garage',
  ]),
};

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((m) => m[0]).sort();

/** The spec's English strings (driver-app-spec.md, reference-backend.md), as tests will look for them. */
const SPEC_STRINGS = [
  'New',
  'Closed',
  'In Progress',
  'Today',
  'No routes',
  'My Routes',
  'Settings',
  'About',
  'Sign out',
  'Sign in',
  'Language',
  'Navigation',
  'Distance Units',
  'Map view',
  'Kilometers',
  'Miles',
  'On',
  'Off',
  'Standard',
  'Light',
  'Dark',
  'Next',
  'Reset password',
  'Back to sign in',
  'Terms of service',
  'Privacy policy',
  'Continue route',
  'View stops',
  'Open route',
  'Directions',
  'More info',
  'Arrived',
  'Start route',
  'Start the route?',
  'Resume work',
  'Complete route',
  'Route completed!',
  'All done!',
  'Break time',
  'Map style',
  'Help',
  'Account',
  'Load',
  'Signature',
  'Age verification',
  'Photo',
  'Skip',
  'Delivered',
  'Skipped',
  'Call',
  'Proof of delivery',
  'Reached maximum character limit of 500',
  'Please add a note',
  'Required',
  'Edit',
  'Sign below',
  'Name required!',
  'Rotate the orientation to portrait mode to capture the signature',
  'Select birth date',
  'Verify',
  'Receiver is underage!',
  'Select status',
  'Washed',
  'Not outside',
  'Dirty',
  'Full',
  'Other',
  'Definition',
  'Sticker',
  'Save',
  'New Changes',
  'Refresh',
  'Later',
  'Retry',
  'No internet connection',
  'App updated successfully',
  'Oops',
  'Something went wrong',
  'No data found',
  'Stop not found. Please reload your route.',
  'Something went wrong while fetching route.',
  "Couldn't get publication settings.",
  "Your organisation's subscription is cancelled. Please contact your supervisor.",
  'Your route has been updated.',
  "This route's driver has been changed, please refresh route's data and connect to your administrator.",
  'Your route has been republished, please refresh your data.',
  'You need to complete your break first.',
  'You need to start the route first.',
  "You've already completed the route.",
  'You are not able to call the customer.',
  'You have to sign in to see your routes.',
  'Fulfill proof of delivery requirements.',
  'One-click delivery is not allowed as there are required fields in the Arrived screen you need to fulfill.',
  'Complete all stops before arriving at your final destination.',
  "You've completed your route!",
  'Break finished',
  'Photo added',
  'Signature added',
  'Age verified',
  'You have been logged out automatically',
  'No user found',
  'Incorrect password',
  'Please fill in this field',
  'Confirm',
];

describe('message catalogues', () => {
  it.each(Object.entries(TRANSLATIONS))('%s has exactly the keys of English', (_, messages) => {
    expect([...messages.keys()].sort()).toEqual([...EN.keys()].sort());
  });

  it.each([['en', EN], ...Object.entries(TRANSLATIONS)])(
    '%s has no empty value and no value equal to its key',
    (_, messages) => {
      for (const [path, value] of messages) {
        expect(value.trim(), path).not.toBe('');
        expect(value, path).not.toBe(path);
      }
    },
  );

  it.each(Object.entries(TRANSLATIONS))('%s keeps every placeholder and tag of English', (_, messages) => {
    for (const [path, english] of EN)
      expect(placeholders(messages.get(path) ?? ''), path).toEqual(placeholders(english));
  });

  it.each(Object.entries(TRANSLATIONS) as ['nl' | 'de', Map<string, string>][])(
    '%s is translated everywhere except names and codes',
    (language, messages) => {
      const untranslated = [...EN].filter(
        ([path, english]) =>
          messages.get(path) === english && !SAME_EVERYWHERE.has(english) && !SAME_IN[language].has(path),
      );
      expect(untranslated).toEqual([]);
    },
  );

  it('contains the spec strings verbatim', () => {
    const values = new Set(EN.values());
    expect(SPEC_STRINGS.length).toBeGreaterThanOrEqual(30);
    for (const text of SPEC_STRINGS) expect(values.has(text), text).toBe(true);
  });

  it('has the keys the spec names, as real sentences', () => {
    const named = {
      'Route.allowedStartDate': '{{date}}',
      'Stop.incompleteAlert': '{{number}}',
      'AgeVerification.successfull': '',
      'AgeVerification.unsuccessfull': '{{age}}',
      'disabled.photoCollection': 'dispatcher',
      'disabled.signatureCollection': 'dispatcher',
      'disabled.ageVerification': 'dispatcher',
      'disabled.completionNotes': 'dispatcher',
      'disabled.barcodeScanning': 'dispatcher',
      lostConnectivity: "don't close",
    };
    for (const [path, part] of Object.entries(named)) {
      const value = EN.get(path);
      expect(value, path).toBeDefined();
      expect(value, path).toContain(part);
      expect(value?.split(' ').length, path).toBeGreaterThan(2);
    }
  });

  it('has a message for every intent error', () => {
    for (const code of INTENT_ERRORS) expect(EN.has(intentErrorKey(code)), code).toBe(true);
    expect(EN.get(intentErrorKey('empty_field'))).toBe('Please fill in this field');
    expect(EN.get(intentErrorKey('offline'))).toBe('No internet connection');
    expect(EN.get(intentErrorKey('unauthorized'))).toBe('You have been logged out automatically');
  });
});

describe('i18next setup', () => {
  it('starts in Dutch, switches to German and back to English, with plurals', async () => {
    const i18n = await initI18n('nl');
    await loadRouteMessages(i18n);
    expect(i18n.t('account.signOut')).toBe('Uitloggen');
    expect(i18n.t('common.stops', { count: 1 })).toBe('1 stop');
    await setLanguage('de');
    expect(i18n.t('account.signOut')).toBe('Abmelden');
    expect(i18n.t('common.stops', { count: 3 })).toBe('3 Stopps');
    expect(i18n.t('Route.allowedStartDate', { date: 'Samstag, 21. November' })).toBe(
      'Du kannst diese Route erst am Samstag, 21. November starten.',
    );
    await setLanguage('en');
    expect(i18n.t('common.stops', { count: 0 })).toBe('0 stops');
    expect(i18n.t('connectivity.unsent', { count: 1 })).toBe('1 stop not sent yet');
    // React escapes; i18next must not.
    expect(i18n.t('errors.intent.server_message', { message: 'Bad "input" & more' })).toBe('Bad "input" & more');
  });

  it('turns failures and notices into text', async () => {
    const i18n = await initI18n('en');
    await loadRouteMessages(i18n);
    const t: Translate = i18n.t;
    expect(intentErrorText({ error: 'too_long', field: 'email' }, t)).toBe('Please use at most 254 characters.');
    expect(intentErrorText({ error: 'server_message', message: 'Route is closed' }, t)).toBe('Route is closed');
    expect(intentErrorText({ error: 'server_message' }, t)).toBe('Something went wrong');
    expect(noticeText({ kind: 'app_updated' }, t)).toBe('App updated successfully');
  });
});

describe('formatting', () => {
  const saturday = new Date(2026, 10, 21);

  it('formats weekday, day and month', () => {
    expect(formatWeekdayDayMonth(saturday, 'en')).toBe('Saturday 21 November');
    expect(formatWeekdayDayMonth(saturday, 'nl')).toBe('zaterdag 21 november');
    expect(formatWeekdayDayMonth(saturday, 'de')).toBe('Samstag, 21. November');
    expect(formatWeekdayDayMonth('2026-11-21', 'en')).toBe('Saturday 21 November');
  });

  it('formats the time of day as HH:MM', () => {
    for (const language of ['en', 'nl', 'de'] as const) {
      expect(formatTimeOfDay(8 * 3600 + 5 * 60, language)).toBe('08:05');
      expect(formatTimeOfDay(23 * 3600 + 59 * 60 + 59, language)).toBe('23:59');
      expect(formatTimeOfDay(86_400 + 3600, language)).toBe('01:00');
    }
  });

  it('formats an instant as HH:MM on a 24-hour clock in every language, on the given clock', () => {
    for (const language of ['en', 'nl', 'de'] as const) {
      expect(formatInstantTime('2026-11-27T13:02:00Z', language, 'Europe/Amsterdam')).toBe('14:02');
      expect(formatInstantTime('2026-11-27T23:30:00Z', language, 'UTC')).toBe('23:30');
    }
  });

  it('formats durations in hours and minutes', async () => {
    const i18n = await initI18n('en');
    await loadRouteMessages(i18n);
    const t: Translate = i18n.t;
    expect(formatDuration(2 * 3600 + 5 * 60, t)).toBe('2 h 5 min');
    expect(formatDuration(45 * 60, t)).toBe('45 min');
    expect(formatDuration(3599, t)).toBe('1 h 0 min');
    await setLanguage('nl');
    expect(formatDuration(2 * 3600 + 5 * 60, t)).toBe('2 u 5 min');
    await setLanguage('de');
    expect(formatDuration(2 * 3600 + 5 * 60, t)).toBe('2 Std. 5 Min.');
    expect(formatDuration(45 * 60, t)).toBe('45 Min.');
  });
});

describe('message parts', () => {
  it('the first screen carries only the core part; the route part loads with the route screens', async () => {
    const { enCore } = await import('./en-core.ts');
    expect(Object.keys(enCore)).not.toContain('route');
    expect(Object.keys(enCore)).toContain('login');
    const i18n = await initI18n('en');
    await loadRouteMessages(i18n);
    expect(i18n.t('Stop.incompleteAlert', { number: 3 })).toContain('3');
    await setLanguage('de', i18n);
    // After a switch the route part of the new language is there too, not English.
    expect(i18n.t('route.start.title')).toBe(de.route.start.title);
  });
});
