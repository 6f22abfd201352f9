/**
 * The route list's words: section headings, a route's name, and the alert for a failed list load (spec section 8
 * "Route list load"). Pure, given a `t`, so they are table-tested without a DOM.
 */
import type { Failure } from '../../../src-shared/api/worker-api.ts';
import type { SectionKey } from '../../../src-shared/domain/route-list.ts';
import type { Language } from '../../../src-shared/domain/settings.ts';
import type { RouteSummary } from '../../../src-shared/protocol/entities.ts';
import type { AlertRequest } from '../../app/feedback.tsx';
import { intentErrorText } from '../../i18n/errors.ts';
import { formatWeekdayDayMonth, INTL_LOCALES, type Translate } from '../../i18n/format.ts';

/** A stable id per section (React keys, heading ids). */
export function sectionId(key: SectionKey): string {
  return key.kind === 'date' ? `date-${key.date}` : key.kind;
}

/**
 * In Progress, Today, or the date as weekday, day and month in the app's language. A heading starts with a
 * capital, also where the language writes weekdays in lower case ("Zaterdag 21 november").
 */
export function sectionTitle(key: SectionKey, t: Translate, language: Language): string {
  if (key.kind === 'in_progress') return t('routes.groups.inProgress', {});
  if (key.kind === 'today') return t('routes.groups.today', {});
  const text = formatWeekdayDayMonth(key.date, language);
  return text.charAt(0).toLocaleUpperCase(INTL_LOCALES[language]) + text.slice(1);
}

/** The vehicle's name, else "Route {index}". */
export function routeTitle(route: Pick<RouteSummary, 'vehicle_name' | 'index'>, t: Translate): string {
  return route.vehicle_name?.trim() || t('common.routeIndex', { index: route.index });
}

/**
 * What a failed list load says: nothing for `unauthorized` (the core signs out; the screen goes to the sign-in) and
 * `offline` (the core raises No internet connection and the stored list stays); the cancelled subscription with
 * Confirm; the server's own words for another 400; else "Something went wrong" titled "Oops".
 */
export function listFailureAlert(failure: Pick<Failure, 'error' | 'message'>, t: Translate): AlertRequest | null {
  switch (failure.error) {
    case 'unauthorized':
    case 'offline':
      return null;
    case 'subscription_cancelled':
      return {
        title: t('alerts.title', {}),
        message: intentErrorText(failure, t),
        buttonLabel: t('common.confirm', {}),
      };
    case 'server_message':
      if (failure.message) return { title: t('errors.somethingWentWrong', {}), message: intentErrorText(failure, t) };
      return { title: t('errors.oops', {}), message: t('errors.somethingWentWrong', {}) };
    default:
      return { title: t('errors.oops', {}), message: t('errors.somethingWentWrong', {}) };
  }
}
