/**
 * The route view's stop and route actions as one object (RouteActions.tsx puts it in a context): each stop action
 * first asks the rules (actionBlock) and shows the driver alert instead when they refuse; Start route checks the
 * route's date before it asks; Resume work finishes the break; Complete route and arriving at the end finish the
 * route (use-finish-route.ts). Everything that changes between renders is read through `latest` when it runs.
 */
import type { Remote } from 'comlink';
import type { MouseEvent } from 'react';
import type { WorkerApi } from '../../../src-shared/api/worker-api.ts';
import { localDate } from '../../../src-shared/domain/geo.ts';
import { actionBlock, allWorkDone, startTooEarly } from '../../../src-shared/domain/stops.ts';
import type { Route, Stop } from '../../../src-shared/protocol/entities.ts';
import type { StateSignals } from '../../bridge/mirror.ts';
import { formatWeekdayDayMonth } from '../../i18n/format.ts';
import { blockText } from '../../stops/block-text.ts';
import { type LatestContext, position, sayWith } from './route-action-context.ts';

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

export interface HandlerDeps {
  api: Remote<WorkerApi>;
  state: StateSignals;
  latest: LatestContext;
  /** Complete route (use-finish-route.ts). */
  finish(): Promise<void>;
  /** Start route's confirmation opens (StartRouteDialog). */
  confirmStart(): void;
}

export function routeActionHandlers({ api, state, latest, finish, confirmStart }: HandlerDeps): RouteActionHandlers {
  const route = (): Route | null => state.route.peek()?.route ?? null;
  const say = sayWith(latest);
  /** True (after the alert) when the rules refuse acting on this stop now. */
  const refused = (stopId: number) => {
    const current = route();
    const block = current ? actionBlock(current, stopId) : null;
    if (block) say(blockText(block, latest.current.t));
    return block !== null;
  };
  const stopPath = (stop: Stop, rest = '') => `${latest.current.base}/stops/${stop.id}${rest}`;

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
      confirmStart();
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
}
