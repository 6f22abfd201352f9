/**
 * The route view's hold on its route: opens it in the core when the view mounts (from the device's copy when
 * offline), holds the device's position watch meanwhile, and turns a failed open or refresh into the spec's alert
 * (section 8), leaving for the account (or the sign-in when no driver is known) where the route is gone.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Failure, fail, type Result } from '../../../src-shared/api/worker-api.ts';
import { useCore } from '../../app/core-context.tsx';
import { useFeedback } from '../../app/feedback.tsx';
import { fallbackPath, PATHS } from '../../app/paths.ts';
import { forwardPositions, startGeolocation } from '../../platform/geolocation.ts';
import { useNav } from '../shared/navigation.ts';
import { useRouteState } from '../shared/use-route-state.ts';
import { routeFailure } from './route-view-text.ts';

export interface RouteSession {
  /** The last open's failure while nothing is on screen (the page then says why and offers a retry). */
  failure: Failure | null;
  /** Opens the route again (after a failure). */
  retry: () => void;
  /** Pull-to-refresh: the route again from the server while it stays on screen. */
  refresh: () => Promise<void>;
  /**
   * Shows a failed intent on the route the spec's way (alert, leaving when the route is gone); `notSaved`: for a
   * refused link, the completions the server never got.
   */
  settle: (result: Result, notSaved?: number) => void;
}

export function useRouteSession(routeId: number, shared: boolean): RouteSession {
  const { api, state } = useCore();
  const routeState = useRouteState();
  const { alert } = useFeedback();
  const { t } = useTranslation();
  const nav = useNav();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ t, nav, alert });
  useEffect(() => {
    latest.current = { t, nav, alert };
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const settle = useCallback(
    (result: Result, notSaved = 0) => {
      if (result.ok || !mounted.current) return;
      const { t, nav, alert } = latest.current;
      const outcome = routeFailure(result, t, notSaved);
      const to = outcome.leave === 'account' ? PATHS.account : fallbackPath(state.session.peek().driver !== null);
      const leave = () => nav.replace(to);
      if (outcome.alert) alert({ ...outcome.alert, onClose: outcome.leave ? leave : undefined });
      else if (outcome.leave) leave();
    },
    [state],
  );

  // The position is watched while the route is open: the start and the finish send it, the map shows it, and the
  // core sends it live (its location timer).
  useEffect(() => {
    const release = startGeolocation();
    const stop = forwardPositions((position) => api.reportPosition(position));
    return () => {
      stop();
      release();
    };
  }, [api]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger.
  useEffect(() => {
    let live = true;
    setFailure(null);
    void api.openRoute(routeId, { shared }).then((result) => {
      if (!live) return;
      // Only a failure a retry may mend shows the page with Retry; one that leaves shows its alert alone.
      const retryable = !result.ok && result.error !== 'offline' && !routeFailure(result, latest.current.t).leave;
      setFailure(retryable ? result : null);
      // A refused link comes through `lost` below (the core says it whichever call found it): said once.
      if (result.ok || result.error !== 'link_refused') settle(result);
    });
    return () => {
      live = false;
    };
  }, [api, routeId, shared, settle, attempt]);

  // A background refresh found the route gone (a refused completion made the core look): the same alert and exit.
  // Read through the frame: the route's other changes do not re-render the route view (issue 47).
  const frame = routeState.frame.value;
  const lost = frame?.routeId === routeId ? frame.lost : null;
  const lostMessage = state.route.peek()?.lostMessage;
  const lostNotSaved = state.route.peek()?.lostNotSaved ?? 0;
  useEffect(() => {
    if (lost) settle(lost === 'server_message' ? fail(lost, lostMessage) : fail(lost), lostNotSaved);
  }, [lost, lostMessage, lostNotSaved, settle]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const refresh = useCallback(async () => settle(await api.refreshRoute()), [api, settle]);

  // One object while none of its parts changes: the dialogs that take it skip the route view's renders (issue 47).
  return useMemo(() => ({ failure, retry, refresh, settle }), [failure, retry, refresh, settle]);
}
