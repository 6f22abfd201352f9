/**
 * What the route view's buttons do (spec sections 2, 4, 5, 8): each stop action first asks the rules
 * (actionBlock) and shows the driver alert instead when they refuse; Start route asks first and starts with the
 * position when known; Resume work finishes the break; Complete route finishes the route behind a loading display
 * of at least 2 s. The handlers are one stable object in a context, so memoized rows never re-render for them.
 */
import { effect } from '@preact/signals-core';
import type { MouseEvent, ReactNode } from 'react';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDate } from '../../../src-shared/domain/geo.ts';
import type { Language } from '../../../src-shared/domain/settings.ts';
import { actionBlock, allWorkDone, startTooEarly } from '../../../src-shared/domain/stops.ts';
import type { Route, Stop } from '../../../src-shared/protocol/entities.ts';
import { useCore } from '../../app/core-context.tsx';
import { useFeedback } from '../../app/feedback.tsx';
// Imported from their own files (not the kit's index): only this lazy screen uses them, so they stay in its chunk.
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { LoadingOverlay } from '../../components/LoadingOverlay.tsx';
import { intentErrorText } from '../../i18n/errors.ts';
import { formatWeekdayDayMonth } from '../../i18n/format.ts';
import { geoPosition } from '../../platform/geolocation.ts';
import { useNav } from '../shared/navigation.ts';
import { blockMessage } from './route-view-text.ts';
import type { RouteSession } from './use-route-session.ts';

export interface RouteActionHandlers {
  select(stop: Stop): void;
  /** The Directions link was tapped: cancels it (and says why) when the rules refuse. */
  directions(event: MouseEvent, stop: Stop): void;
  moreInfo(stop: Stop): void;
  arrived(stop: Stop): void;
  start(): void;
  resume(stop: Stop): void;
  complete(): void;
}

const ActionsContext = createContext<RouteActionHandlers | null>(null);

export function useRouteActions(): RouteActionHandlers {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('useRouteActions() outside <RouteActionsProvider>');
  return actions;
}

const FINISH_MIN_MS = 2000;
/** The snackbar of Complete route: "lostConnectivity" with Retry, then "You've completed your route!". */
const LOST_CONNECTIVITY = 'finish-route';
const position = () => {
  const fix = geoPosition.peek();
  return fix ? { lat: fix.lat, lng: fix.lng } : null;
};

export interface RouteActionsProviderProps {
  /** /routes/{id} or /routes/single/{id}: the stop windows live under it. */
  base: string;
  session: Pick<RouteSession, 'settle'>;
  children: ReactNode;
}

export function RouteActionsProvider({ base, session, children }: RouteActionsProviderProps) {
  const { t, i18n } = useTranslation();
  const { api, state } = useCore();
  const feedback = useFeedback();
  const nav = useNav();
  const [confirming, setConfirming] = useState(false);
  const [starting, setStarting] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const finished = useRef(false);
  /** Complete route failed for want of a connection: it is tried again by itself once that reason has gone. */
  const retryWhenSent = useRef(false);
  const finishAgain = useRef<() => Promise<void>>(async () => {});
  const latest = useRef({ t, nav, feedback, session, language: (i18n.resolvedLanguage ?? 'en') as Language, base });
  useEffect(() => {
    latest.current = { t, nav, feedback, session, language: (i18n.resolvedLanguage ?? 'en') as Language, base };
  });

  const actions = useMemo<RouteActionHandlers>(() => {
    const route = (): Route | null => state.route.peek()?.route ?? null;
    const say = (message: string) =>
      latest.current.feedback.alert({ title: latest.current.t('alerts.title'), message });
    /** True (after the alert) when the rules refuse acting on this stop now. */
    const refused = (stopId: number) => {
      const current = route();
      const block = current ? actionBlock(current, stopId) : null;
      if (block) say(blockMessage(block, latest.current.t));
      return block !== null;
    };
    const stopPath = (stop: Stop, rest = '') => `${latest.current.base}/stops/${stop.id}${rest}`;

    async function finish() {
      if (state.route.peek()?.busy === 'finishing') return;
      setFinishing(true);
      const result = await api.finishRoute(position());
      setFinishing(false);
      const { t, feedback, session } = latest.current;
      retryWhenSent.current = !result.ok && result.error === 'unsent_pending';
      if (result.ok) {
        finished.current = true;
        return;
      }
      if (result.error === 'unsent_pending') {
        feedback.snackbar({
          id: LOST_CONNECTIVITY,
          text: t('lostConnectivity'),
          tone: 'warning',
          durationMs: null,
          action: { label: t('snackbars.retry'), onAction: () => void finish() },
        });
      } else if (result.error === 'blocked' && result.message === 'not_saved') {
        const count = state.outbox.peek().parked.filter((p) => p.routeId === state.route.peek()?.routeId).length;
        say(t('alerts.notSavedBeforeFinish', { count }));
      } else if (result.error === 'blocked') {
        say(t('alerts.completeAllStops'));
      } else {
        session.settle(result);
      }
    }

    finishAgain.current = finish;
    return {
      select: (stop) => void api.selectStop(stop.id),
      directions(event, stop) {
        if (refused(stop.id)) event.preventDefault();
      },
      moreInfo(stop) {
        if (!refused(stop.id)) latest.current.nav.go(stopPath(stop));
      },
      arrived(stop) {
        if (refused(stop.id)) return;
        // Arriving at the final destination is completing the route.
        if (stop.type === 'end') void finish();
        else latest.current.nav.go(stopPath(stop, '/complete'));
      },
      start() {
        const current = route();
        if (!current) return;
        const { t, language } = latest.current;
        const date = current.publication_settings.project_date;
        if (startTooEarly(date, localDate(new Date()))) {
          say(t('Route.allowedStartDate', { date: formatWeekdayDayMonth(date, language) }));
          return;
        }
        setConfirming(true);
      },
      async resume(stop) {
        if (refused(stop.id)) return;
        const result = await api.completeStop(stop.id, { status: 'finished', position: position() });
        const { t, feedback, session } = latest.current;
        if (result.ok) feedback.snackbar({ id: 'break-finished', text: t('success.breakFinished'), tone: 'success' });
        else if (result.error === 'blocked') refused(stop.id);
        else session.settle(result);
      },
      complete() {
        const current = route();
        if (!current || current.status === 'finished') return;
        const end = current.stops.findLast((s) => s.type === 'end');
        if (end ? refused(end.id) : false) return;
        if (!end && !allWorkDone(current.stops)) return say(latest.current.t('alerts.completeAllStops'));
        void finish();
      },
    };
  }, [api, state]);

  // "Connection lost" says changes wait to be sent: once the phone is online and nothing waits any more, that is no
  // longer true, so the route is completed as the driver asked (which replaces the message), instead of leaving a
  // stale warning up.
  useEffect(
    () =>
      effect(() => {
        const { online } = state.connectivity.value;
        const route = state.route.value;
        if (!retryWhenSent.current || !online || !route || route.busy !== null) return;
        if (route.unsentStopIds.length > 0) return;
        retryWhenSent.current = false;
        void finishAgain.current();
      }),
    [state],
  );
  // Leaving the route leaves its Complete route: its warning goes with it.
  useEffect(
    () => () => {
      if (retryWhenSent.current) latest.current.feedback.dismiss(LOST_CONNECTIVITY);
    },
    [],
  );

  async function confirmStart() {
    setStarting(true);
    const result = await api.startRoute(position());
    setStarting(false);
    setConfirming(false);
    if (result.ok) return;
    if (result.error === 'start_too_early' && result.message) {
      const date = formatWeekdayDayMonth(result.message, latest.current.language);
      feedback.alert({ title: t('alerts.title'), message: t('Route.allowedStartDate', { date }) });
    } else if (result.error === 'server_message' || result.error === 'offline' || result.error === 'unknown') {
      feedback.alert({ title: t('errors.somethingWentWrong'), message: intentErrorText(result, t) });
    } else {
      session.settle(result);
    }
  }

  return (
    <ActionsContext.Provider value={actions}>
      {children}
      <ConfirmDialog
        open={confirming}
        title={t('route.start.title')}
        message={t('route.start.warning')}
        confirmLabel={t('route.start.confirm')}
        cancelLabel={t('common.cancel')}
        confirmLoading={starting}
        onConfirm={() => void confirmStart()}
        onCancel={() => setConfirming(false)}
      />
      <LoadingOverlay
        visible={finishing}
        label={t('route.finishing')}
        minMs={FINISH_MIN_MS}
        onHidden={() => {
          if (!finished.current) return;
          finished.current = false;
          feedback.snackbar({ id: LOST_CONNECTIVITY, text: t('success.routeCompleted'), tone: 'success' });
        }}
      />
    </ActionsContext.Provider>
  );
}
