/**
 * Complete route (spec section 8): finishes the route behind a loading display of at least 2 s, then "You've
 * completed your route!". Without a connection it says "Connection lost" with Retry, and tries again by itself once
 * the changes that waited are sent; a stop not saved or a stop left blocks it with the alert that says so.
 */
import { effect } from '@preact/signals-core';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCore } from '../../app/core-context.tsx';
import { type LatestContext, position, sayWith } from './route-action-context.ts';

/** The snackbar of Complete route: "lostConnectivity" with Retry, then "You've completed your route!". */
const LOST_CONNECTIVITY = 'finish-route';

export function useFinishRoute(latest: LatestContext) {
  const { api, state } = useCore();
  const [finishing, setFinishing] = useState(false);
  const finished = useRef(false);
  /** Complete route failed for want of a connection: it is tried again by itself once that reason has gone. */
  const retryWhenSent = useRef(false);

  const finish = useMemo(() => {
    const say = sayWith(latest);
    return async function finish() {
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
    };
  }, [api, state, latest]);
  useRetryWhenSent(retryWhenSent, finish, latest);
  /** The loading display has gone: a route finished says so now, not under it. One function: the overlay is memo'd. */
  const onHidden = useCallback(() => {
    if (!finished.current) return;
    finished.current = false;
    latest.current.feedback.snackbar({
      id: LOST_CONNECTIVITY,
      text: latest.current.t('success.routeCompleted'),
      tone: 'success',
    });
  }, [latest]);

  return {
    finish,
    /** The loading display shows (the intent runs). */
    finishing,
    onHidden,
  };
}

/**
 * "Connection lost" says changes wait to be sent: once the phone is online and nothing waits any more, that is no
 * longer true, so the route is completed as the driver asked (which replaces the message), instead of leaving a
 * stale warning up. Leaving the route leaves its Complete route: its warning goes with it.
 */
function useRetryWhenSent(retryWhenSent: RefObject<boolean>, finish: () => Promise<void>, latest: LatestContext) {
  const { state } = useCore();
  // The effect below subscribes once; it calls the latest finish.
  const finishAgain = useRef(finish);
  finishAgain.current = finish;
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
    [state, retryWhenSent],
  );
  useEffect(
    () => () => {
      if (retryWhenSent.current) latest.current.feedback.dismiss(LOST_CONNECTIVITY);
    },
    [retryWhenSent, latest],
  );
}
