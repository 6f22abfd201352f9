/**
 * The route's stops as a virtualized list (spec section 2 "Stop row", section 9: 130 px rows by default): only the
 * rows in view are rendered, so a 300-stop route opens and scrolls as quickly as a short one. The active stop shows
 * its actions under its row; the last row completes the route. Pull-to-refresh reloads the route (80/100 px).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { memo, type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, NavigationApp } from '../../../src-shared/domain/settings.ts';
import type { Route, Stop } from '../../../src-shared/protocol/entities.ts';
import { cx } from '../../components/index.ts';
// Only lazy screens use the pull: imported directly, so it stays out of the first screen's chunks.
import { PullToRefresh } from '../../components/PullToRefresh.tsx';
import { guardElement } from '../../components/snackbar-guard.ts';
import { DistanceAway } from '../../stops/DistanceAway.tsx';
import { StopRow, type StopSync } from '../../stops/StopRow.tsx';
import { useRouteState } from '../shared/use-route-state.ts';
import { ActiveStopActions, type MainAction, mainAction } from './ActiveStopActions.tsx';
import { CompleteRouteRow } from './CompleteRouteRow.tsx';
import { useRouteActions } from './RouteActions.tsx';
import styles from './stop-list.module.css';
import { useMessageRoom } from './use-message-room.ts';
import { useVirtualRows } from './use-virtual-rows.ts';

/** The stop list refreshes at 80 px of pull and stretches to 100 px at most (spec section 9). */
const PULL_THRESHOLD = 80;
const PULL_MAX = 100;
const COMPLETE_KEY = 'complete';

export interface StopListProps {
  navigationApp: NavigationApp;
  language: Language;
  onRefresh: () => Promise<void>;
  /** Changes when the list should show the active stop again (a marker was tapped, the drawer opened). */
  revealSignal?: number;
  /**
   * The list lies hidden under the map view's minimized drawer: its active row shows no actions (the carousel's card
   * has them), so a completion does not mount the next stop's actions twice (issue 47). They show as the drawer
   * starts to open, while the list is still faded out.
   */
  actionsHidden?: boolean;
  className?: string;
}

/** The active row's main button; at the end stop none, as the last row offers Complete route right under it. */
function listAction(stop: Stop, routeStatus: Route['status']): MainAction | null {
  const main = mainAction(stop, { status: routeStatus });
  return main === 'complete' ? null : main;
}

const rowPosition = (i: number, count: number) =>
  count === 1 ? 'only' : i === 0 ? 'first' : i === count - 1 ? 'last' : 'middle';

/**
 * The scroller and its pull: it renders with its props alone, so the rows' changes never re-render the pull (issue 47).
 */
export const StopList = memo(function StopList(props: StopListProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  // A message about to rise over the active stop or "Route completed!": the list scrolls them up above it instead.
  useMessageRoom(scrollRef);
  return (
    <div ref={scrollRef} className={cx(styles.scroller, props.className)}>
      <PullToRefresh
        onRefresh={props.onRefresh}
        threshold={PULL_THRESHOLD}
        maxPull={PULL_MAX}
        labels={{ release: t('common.pullToRefresh.release'), refreshing: t('common.pullToRefresh.refreshing') }}
      >
        <StopRows
          scrollRef={scrollRef}
          navigationApp={props.navigationApp}
          language={props.language}
          revealSignal={props.revealSignal}
          actionsHidden={props.actionsHidden ?? false}
        />
      </PullToRefresh>
    </div>
  );
});

interface StopRowsProps extends Pick<StopListProps, 'navigationApp' | 'language' | 'revealSignal'> {
  scrollRef: RefObject<HTMLDivElement | null>;
  actionsHidden: boolean;
}

/**
 * The rows in view. Reads the route's order and marks (route-state.ts), not its stops: a change to one stop
 * re-renders that stop's row alone, and this only when the order, the active stop or a row's mark changed.
 */
const StopRows = memo(function StopRows(props: StopRowsProps) {
  const { scrollRef, navigationApp, language, revealSignal, actionsHidden } = props;
  useSignals();
  const { t } = useTranslation();
  const routeState = useRouteState();
  const stopIds = routeState.stopIds.value;
  const activeStopId = routeState.activeStopId.value;
  const unsent = routeState.unsentStopIds.value;
  const parked = routeState.parkedStopIds.value;
  const starting = routeState.starting.value;
  const keys = useMemo(() => [...stopIds.map(String), COMPLETE_KEY], [stopIds]);
  const { range, before, after, measureRef, reveal } = useVirtualRows({ scrollRef, keys });

  // The active stop shows (with its actions) when the list opens, when it changes and when asked to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revealSignal` asks for the same stop to show again.
  useEffect(() => {
    if (activeStopId !== null) reveal(String(activeStopId));
  }, [activeStopId, revealSignal, reveal]);

  const rows = [];
  for (let i = range.start; i < range.end; i++) {
    const stopId = stopIds[i];
    if (stopId === undefined) {
      rows.push(
        <li key={COMPLETE_KEY} ref={measureRef} data-row-key={COMPLETE_KEY} className={styles.footer}>
          <CompleteRouteFooter />
        </li>,
      );
      continue;
    }
    const active = stopId === activeStopId;
    rows.push(
      <StopItem
        key={stopId}
        stopId={stopId}
        index={i}
        count={stopIds.length}
        active={active}
        actionsHidden={actionsHidden}
        sync={unsent.has(stopId) ? 'unsent' : parked.has(stopId) ? 'notSaved' : null}
        busy={active && starting}
        navigationApp={navigationApp}
        language={language}
        measureRef={measureRef}
      />,
    );
  }
  return (
    <ol
      className={styles.list}
      aria-label={t('route.view.stopList')}
      style={{ paddingTop: before, paddingBottom: after }}
    >
      {rows}
    </ol>
  );
});

/** The last row, reading the two marks it shows: the rows' changes do not reach it. */
const CompleteRouteFooter = memo(function CompleteRouteFooter() {
  useSignals();
  const routeState = useRouteState();
  return <CompleteRouteRow finished={routeState.routeStatus.value === 'finished'} ready={routeState.finishing.value} />;
});

interface StopItemProps {
  stopId: number;
  index: number;
  count: number;
  active: boolean;
  actionsHidden: boolean;
  sync: StopSync;
  busy: boolean;
  navigationApp: NavigationApp;
  language: Language;
  measureRef: (element: HTMLElement | null) => () => void;
}

/**
 * One stop, with the actions under it while it is the active one. The active stop is what the driver reads next (its
 * name and address, not only its buttons): no snackbar covers it (snackbar-guard.ts). At 200% text, where the row
 * fills half the screen, the list scrolls it up above the message (use-message-room.ts) rather than the message rising
 * over the stop just done.
 */
const StopItem = memo(function StopItem(props: StopItemProps) {
  useSignals();
  const { stopId, active, measureRef } = props;
  const actions = useRouteActions();
  const routeState = useRouteState();
  // Its own stop's signal: another stop's change does not reach this row.
  const stop = routeState.stop(stopId).value;
  const number = routeState.numbers.value.get(stopId) ?? null;
  const routeStatus = routeState.routeStatus.value;
  const ref = useCallback(
    (element: HTMLElement | null) => {
      const unmeasure = measureRef(element);
      const unguard = element && active ? guardElement('protect', element) : null;
      return () => {
        unmeasure();
        unguard?.();
      };
    },
    [measureRef, active],
  );
  if (!stop) return null;
  // The active stop's main button (null: none); the other stops show no actions.
  const main = active && routeStatus && !props.actionsHidden ? listAction(stop, routeStatus) : undefined;
  return (
    <li
      ref={ref}
      data-row-key={stop.id}
      data-stop-id={stop.id}
      aria-posinset={props.index + 1}
      aria-setsize={props.count + 1}
      aria-current={active ? 'step' : undefined}
      className={cx(styles.item, active && styles.active)}
    >
      <StopRow
        stop={stop}
        number={number}
        language={props.language}
        onOpen={actions.select}
        position={rowPosition(props.index, props.count)}
        sync={props.sync}
      />
      {active && !props.actionsHidden && stop.type !== 'break' && <DistanceAway stop={stop} />}
      {main !== undefined && (
        <ActiveStopActions
          className={styles.rowActions}
          stop={stop}
          main={main}
          navigationApp={props.navigationApp}
          busy={props.busy}
        />
      )}
    </li>
  );
});
