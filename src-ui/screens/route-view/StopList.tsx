/**
 * The route's stops as a virtualized list (spec section 2 "Stop row", section 9: 130 px rows by default): only the
 * rows in view are rendered, so a 300-stop route opens and scrolls as quickly as a short one. The active stop shows
 * its actions under its row; the last row completes the route. Pull-to-refresh reloads the route (80/100 px).
 */
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, NavigationApp } from '../../../src-shared/domain/settings.ts';
import { countToShow } from '../../../src-shared/domain/stops.ts';
import type { Route, Stop } from '../../../src-shared/protocol/entities.ts';
import { cx } from '../../components/index.ts';
// Only lazy screens use the pull: imported directly, so it stays out of the first screen's chunks.
import { PullToRefresh } from '../../components/PullToRefresh.tsx';
import { guardElement } from '../../components/snackbar-guard.ts';
import { DistanceAway } from '../../stops/DistanceAway.tsx';
import { StopRow, type StopSync } from '../../stops/StopRow.tsx';
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
  route: Route;
  activeStopId: number | null;
  unsentStopIds: readonly number[];
  /** Stops whose completion the server refused for good (kept on the device; see src-worker/outbox). */
  parkedStopIds: readonly number[];
  navigationApp: NavigationApp;
  language: Language;
  /** The route is starting: the start stop's button spins. */
  starting: boolean;
  /** Every stop but the end is done: Complete route is offered. */
  finishing: boolean;
  onRefresh: () => Promise<void>;
  /** Changes when the list should show the active stop again (a marker was tapped, the drawer opened). */
  revealSignal?: number;
  className?: string;
}

/** The active row's main button; at the end stop none, as the last row offers Complete route right under it. */
function listAction(stop: Stop, route: Route): MainAction | null {
  const main = mainAction(stop, route);
  return main === 'complete' ? null : main;
}

const rowPosition = (i: number, count: number) =>
  count === 1 ? 'only' : i === 0 ? 'first' : i === count - 1 ? 'last' : 'middle';

/** Memoized: re-rendered only when its own data changed, not with every render of the route view. */
export const StopList = memo(function StopList(props: StopListProps) {
  const { route, activeStopId, unsentStopIds, parkedStopIds, navigationApp, language, starting, finishing } = props;
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { stops } = route;
  const numbers = useMemo(() => countToShow(stops), [stops]);
  const unsent = useMemo(() => new Set(unsentStopIds), [unsentStopIds]);
  const parked = useMemo(() => new Set(parkedStopIds), [parkedStopIds]);
  const keys = useMemo(() => [...stops.map((s) => String(s.id)), COMPLETE_KEY], [stops]);
  const { range, before, after, measureRef, reveal } = useVirtualRows({ scrollRef, keys });

  // The active stop shows (with its actions) when the list opens, when it changes and when asked to.
  const { revealSignal } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revealSignal` asks for the same stop to show again.
  useEffect(() => {
    if (activeStopId !== null) reveal(String(activeStopId));
  }, [activeStopId, revealSignal, reveal]);

  // A message about to rise over the active stop or "Route completed!": the list scrolls them up above it instead.
  useMessageRoom(scrollRef);

  const rows = [];
  for (let i = range.start; i < range.end; i++) {
    const stop = stops[i];
    if (!stop) {
      rows.push(
        <li key={COMPLETE_KEY} ref={measureRef} data-row-key={COMPLETE_KEY} className={styles.footer}>
          <CompleteRouteRow finished={route.status === 'finished'} ready={finishing} />
        </li>,
      );
      continue;
    }
    const active = stop.id === activeStopId;
    rows.push(
      <StopItem
        key={stop.id}
        stop={stop}
        number={numbers[i] ?? null}
        index={i}
        count={stops.length}
        active={active}
        sync={unsent.has(stop.id) ? 'unsent' : parked.has(stop.id) ? 'notSaved' : null}
        main={active ? listAction(stop, route) : undefined}
        busy={active && starting}
        navigationApp={navigationApp}
        language={language}
        measureRef={measureRef}
      />,
    );
  }

  return (
    <div ref={scrollRef} className={cx(styles.scroller, props.className)}>
      <PullToRefresh
        onRefresh={props.onRefresh}
        threshold={PULL_THRESHOLD}
        maxPull={PULL_MAX}
        labels={{ release: t('common.pullToRefresh.release'), refreshing: t('common.pullToRefresh.refreshing') }}
      >
        <ol
          className={styles.list}
          aria-label={t('route.view.stopList')}
          style={{ paddingTop: before, paddingBottom: after }}
        >
          {rows}
        </ol>
      </PullToRefresh>
    </div>
  );
});

interface StopItemProps {
  stop: Stop;
  number: number | null;
  index: number;
  count: number;
  active: boolean;
  sync: StopSync;
  /** The active stop's main button (null: none); undefined for the other stops, which show no actions. */
  main: MainAction | null | undefined;
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
  const { stop, active, main, measureRef } = props;
  const actions = useRouteActions();
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
        number={props.number}
        language={props.language}
        onOpen={actions.select}
        position={rowPosition(props.index, props.count)}
        sync={props.sync}
      />
      {active && stop.type !== 'break' && <DistanceAway stop={stop} />}
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
