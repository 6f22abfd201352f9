import { describe, expect, it } from 'vitest';
import type { IntentError } from '../../../src-shared/api/worker-api.ts';
import type { SectionKey } from '../../../src-shared/domain/route-list.ts';
import { translator } from '../../i18n/testing.ts';
import { listFailureAlert, routeTitle, sectionId, sectionTitle } from './route-text.ts';

describe('section headings', () => {
  it.each<[SectionKey, string, string, string]>([
    [{ kind: 'in_progress' }, 'In Progress', 'Bezig', 'Laufend'],
    [{ kind: 'today' }, 'Today', 'Vandaag', 'Heute'],
    [{ kind: 'date', date: '2026-11-21' }, 'Saturday 21 November', 'Zaterdag 21 november', 'Samstag, 21. November'],
    [{ kind: 'date', date: '2027-01-01' }, 'Friday 1 January', 'Vrijdag 1 januari', 'Freitag, 1. Januar'],
  ])('%j reads %j, %j, %j', async (key, en, nl, de) => {
    expect(sectionTitle(key, await translator('en'), 'en')).toBe(en);
    expect(sectionTitle(key, await translator('nl'), 'nl')).toBe(nl);
    expect(sectionTitle(key, await translator('de'), 'de')).toBe(de);
  });

  it('gives each section its own id', () => {
    expect(sectionId({ kind: 'today' })).toBe('today');
    expect(sectionId({ kind: 'in_progress' })).toBe('in_progress');
    expect(sectionId({ kind: 'date', date: '2026-11-21' })).toBe('date-2026-11-21');
  });
});

describe('routeTitle', () => {
  it.each([
    [{ vehicle_name: 'Van 2', index: 3 }, 'Van 2'],
    [{ vehicle_name: '  ', index: 3 }, 'Route 3'],
    [{ vehicle_name: null, index: 1 }, 'Route 1'],
  ])('%j is %j', async (route, title) => {
    expect(routeTitle(route, await translator('en'))).toBe(title);
  });
});

describe('listFailureAlert', () => {
  it.each<[IntentError, string | undefined, { title: string; message: string; buttonLabel?: string } | null]>([
    ['unauthorized', undefined, null],
    ['offline', undefined, null],
    [
      'subscription_cancelled',
      'Your Subscription is over. Subscription status is: canceled',
      {
        title: 'Attention',
        message: "Your organisation's subscription is cancelled. Please contact your supervisor.",
        buttonLabel: 'Confirm',
      },
    ],
    [
      'server_message',
      'Route list is being rebuilt',
      { title: 'Something went wrong', message: 'Route list is being rebuilt' },
    ],
    ['server_message', undefined, { title: 'Oops', message: 'Something went wrong' }],
    ['unknown', undefined, { title: 'Oops', message: 'Something went wrong' }],
    ['not_found', 'gone', { title: 'Oops', message: 'Something went wrong' }],
  ])('%s (%j) shows %j', async (error, message, alert) => {
    expect(listFailureAlert({ error, message }, await translator('en'))).toEqual(alert);
  });
});
