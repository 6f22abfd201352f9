import { describe, expect, it } from 'vitest';
import type { IntentError } from '../../../src-shared/api/worker-api.ts';
import { translator } from '../../i18n/testing.ts';
import { routeFailure } from './route-view-text.ts';

describe('route fetch failures (section 8)', () => {
  it.each<[IntentError, string | undefined, string | null, string | null, false | 'fallback' | 'account']>([
    [
      'route_expired',
      undefined,
      'No data found',
      'Your route has expired. Please contact your administrator for more details (as they probably created a new route for you).',
      'fallback',
    ],
    ['link_refused', undefined, 'This link no longer works', 'Ask your dispatcher for a new link.', 'account'],
    ['stop_not_found', undefined, 'Attention', 'Stop not found. Please reload your route.', false],
    ['server_message', 'Route is archived', 'Something went wrong', 'Route is archived', 'fallback'],
    ['server_message', undefined, 'Something went wrong', 'No data found', 'fallback'],
    ['fetch_failed', undefined, 'Oops', 'Something went wrong while fetching route.', false],
    ['no_publication_settings', undefined, 'Oops', "Couldn't get publication settings.", false],
    ['unauthorized', undefined, null, null, 'fallback'],
    ['offline', undefined, null, null, false],
    ['not_found', undefined, null, null, 'fallback'],
    ['unknown', undefined, 'Oops', 'Something went wrong', false],
  ])('%s (%s): %s / %s, leaves: %s', async (error, message, title, text, leave) => {
    const outcome = routeFailure({ error, message }, await translator('en'));
    expect(outcome.alert?.title ?? null).toBe(title);
    expect(outcome.alert?.message ?? null).toBe(text);
    expect(outcome.leave).toBe(leave);
  });
});
