/**
 * The route view's words for what went wrong: a route that could not be fetched (spec section 8 "Route fetch and
 * refresh", "Start route"). Pure, given a `t`.
 */
import type { Failure } from '../../../src-shared/api/worker-api.ts';
import { intentErrorText } from '../../i18n/errors.ts';
import type { Translate } from '../../i18n/format.ts';

export interface FailureOutcome {
  /** The alert to show, or null for none. */
  alert: { title: string; message: string } | null;
  /**
   * The route is gone for this driver: after the alert, on to the account, or the sign-in where no driver is known
   * ('fallback'); or to the account whatever the session ('account': a link driver, for whom the sign-in is no way on).
   */
  leave: false | 'fallback' | 'account';
}

/**
 * A failed open, refresh or start. `unauthorized` says nothing and leaves (the session has ended, or there never was
 * one: the sign-in), nor does `offline` (the device's copy shows, with its badge). The expired route and any other
 * 404 or 400 (the core has cleared the link) leave the route; a start's 404 leaves without an alert; a refused link
 * says what to do and leaves for the account, and how many completions made through it the server never got (kept on
 * the phone, `notSaved`). None of these leaves a page with a Retry that cannot work.
 */
export function routeFailure(failure: Pick<Failure, 'error' | 'message'>, t: Translate, notSaved = 0): FailureOutcome {
  const alert = (title: string, message: string, leave: FailureOutcome['leave'] = false): FailureOutcome => ({
    alert: { title: t(title, {}), message },
    leave,
  });
  switch (failure.error) {
    case 'offline':
      return { alert: null, leave: false };
    case 'unauthorized':
    case 'not_found':
      return { alert: null, leave: 'fallback' };
    case 'route_expired':
      return alert('errors.noDataFound', t('errors.routeExpired', {}), 'fallback');
    case 'link_refused':
      return alert(
        'errors.linkRefused',
        notSaved > 0
          ? `${t('errors.linkRefusedAdvice', {})} ${t('errors.linkNotSaved', { count: notSaved })}`
          : t('errors.linkRefusedAdvice', {}),
        'account',
      );
    case 'stop_not_found':
      return alert('alerts.title', t('errors.stopNotFoundReload', {}));
    case 'server_message':
      return alert('errors.somethingWentWrong', failure.message || t('errors.noDataFound', {}), 'fallback');
    case 'fetch_failed':
      return alert('errors.oops', t('errors.fetchRouteFailed', {}));
    case 'no_publication_settings':
      return alert('errors.oops', t('errors.publicationSettingsMissing', {}));
    default:
      return alert('errors.oops', intentErrorText(failure, t));
  }
}
