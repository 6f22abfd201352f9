/**
 * What the route view's action handlers read when they run, not when they were made (RouteActions.tsx): the
 * translator, navigation, feedback, the session and the route's base path of the latest render. The handlers are
 * one stable object, so memoized rows never re-render for them; this ref keeps them current all the same.
 */
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../src-shared/domain/settings.ts';
import { type Feedback, useFeedback } from '../../app/feedback.tsx';
import { geoPosition } from '../../platform/geolocation.ts';
import { type Nav, useNav } from '../shared/navigation.ts';
import type { RouteSession } from './use-route-session.ts';

interface RouteActionContext {
  t: ReturnType<typeof useTranslation>['t'];
  nav: Nav;
  feedback: Feedback;
  session: Pick<RouteSession, 'settle'>;
  language: Language;
  /** /routes/{id} or /routes/single/{id}: the stop windows live under it. */
  base: string;
}

export type LatestContext = RefObject<RouteActionContext>;

export function useLatestActionContext(base: string, session: Pick<RouteSession, 'settle'>): LatestContext {
  const { t, i18n } = useTranslation();
  const feedback = useFeedback();
  const nav = useNav();
  const latest = useRef({ t, nav, feedback, session, language: (i18n.resolvedLanguage ?? 'en') as Language, base });
  useEffect(() => {
    latest.current = { t, nav, feedback, session, language: (i18n.resolvedLanguage ?? 'en') as Language, base };
  });
  return latest;
}

/** An alert with the app's "Attention" title, in the latest language. */
export const sayWith = (latest: LatestContext) => (message: string) =>
  latest.current.feedback.alert({ title: latest.current.t('alerts.title'), message });

/** The driver's position for an intent, when known. */
export const position = () => {
  const fix = geoPosition.peek();
  return fix ? { lat: fix.lat, lng: fix.lng } : null;
};
