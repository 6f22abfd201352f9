/**
 * /routes and /routes/closed (spec section 2 "Route list"): My Routes with the New and Closed tabs over the
 * sections the core grouped (src-shared/domain/route-list.ts). The list loads when the screen opens (the core shows
 * its stored copy first) and reloads by pull-to-refresh or the refresh button; a thin bar under the tabs shows
 * both. Open route and Continue route go to the route; on Closed a card opens the preview drawer. The list needs a
 * signed-in driver: signed out (also after an automatic logout, whose 401 the core turns into a sign-out), it is
 * the sign-in.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { type RouteTab, routeAction } from '../../../src-shared/domain/route-list.ts';
import type { Language } from '../../../src-shared/domain/settings.ts';
import type { RouteSummary } from '../../../src-shared/protocol/entities.ts';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
import { IconButton, ProgressBar, TopBar } from '../../components/index.ts';
// Only this lazy screen uses the pull: imported directly, so it stays out of the first screen's chunks.
import { PullToRefresh } from '../../components/PullToRefresh.tsx';
import { formatWeekdayDayMonth } from '../../i18n/format.ts';
import { prefetchMapCode } from '../../map/prefetch-code.ts';
import { whenIdle } from '../../platform/idle.ts';
import { cameFromRouteMain, useNav } from '../shared/navigation.ts';
import { PreviewDrawer } from './PreviewDrawer.tsx';
import { RouteList } from './RouteList.tsx';
import { RouteTabs, TAB_PANEL_ID, tabId } from './RouteTabs.tsx';
import styles from './routes.module.css';
import { useRouteList } from './use-route-list.ts';

/** Route lists refresh at 120 px of pull and stretch to 132 px at most (spec section 9). */
const PULL_THRESHOLD = 120;
const PULL_MAX = 132;

export default function RoutesScreen({ tab }: { tab: RouteTab }) {
  useSignals();
  const { t, i18n } = useTranslation();
  const { api, state } = useCore();
  const nav = useNav();
  const session = state.session.value;
  const list = state.routeList.value;
  const { distanceUnit } = state.settings.value;
  const { online } = state.connectivity.value;
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const signedIn = session.status === 'signed_in';
  const { refresh, failure } = useRouteList(signedIn);
  const [previewing, setPreviewing] = useState<RouteSummary | null>(null);

  // Cards keep one callback, so a list patch re-renders only the cards whose route changed.
  const navRef = useRef(nav);
  useEffect(() => {
    navRef.current = nav;
  });
  const onAction = useCallback((route: RouteSummary) => {
    if (routeAction(route) === 'view') setPreviewing(route);
    else navRef.current.go(PATHS.route(route.id));
  }, []);

  // The date headings' formatter costs far more to build than to use (the first Intl use loads locale data): built
  // while the list is still on its way, it is not part of the long task that renders the list.
  useEffect(
    () =>
      whenIdle(() => {
        formatWeekdayDayMonth(new Date(), language);
      }, 2000),
    [language],
  );

  // With map view on, the map's code comes ahead while the driver looks at the list (prefetch-code.ts).
  const mapView = state.settings.value.mapView;
  useEffect(() => (mapView === 'on' ? whenIdle(prefetchMapCode, 5000) : undefined), [mapView]);

  // Each tab starts at the top of its list.
  useEffect(() => {
    if (tab) window.scrollTo({ top: 0 });
  }, [tab]);

  // The preview belongs to this screen: leaving it closes the core's preview too.
  useEffect(
    () => () => {
      void api.previewRoute(null);
    },
    [api],
  );

  if (session.status === 'signed_out') return <Redirect to={PATHS.login} replace />;

  const busy = list.status === 'loading' || list.refreshing;
  // Spec section 2: back to the route when the list was opened from its main window (More > My Routes), else to
  // the account.
  const back = () => nav.back(cameFromRouteMain() ?? PATHS.account);

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <TopBar
          title={t('routes.title')}
          subject={t(`routes.tabs.${tab}`)}
          backLabel={t('common.a11y.back')}
          onBack={back}
          sticky={false}
          action={
            <IconButton
              label={t('routes.refresh')}
              icon={RefreshCw}
              className={list.refreshing ? styles.spinning : undefined}
              onClick={() => void refresh()}
            />
          }
        />
        <RouteTabs tab={tab} />
        <ProgressBar
          label={list.status === 'loading' ? t('routes.loading') : t('common.pullToRefresh.refreshing')}
          active={busy}
        />
      </div>
      <main className={styles.main}>
        <PullToRefresh
          className={styles.pull}
          onRefresh={refresh}
          threshold={PULL_THRESHOLD}
          maxPull={PULL_MAX}
          disabled={!signedIn}
          labels={{ release: t('common.pullToRefresh.release'), refreshing: t('common.pullToRefresh.refreshing') }}
        >
          <div id={TAB_PANEL_ID} role="tabpanel" aria-labelledby={tabId(tab)} aria-busy={busy} className={styles.list}>
            <RouteList
              tab={tab}
              list={list}
              failure={failure}
              unit={distanceUnit}
              language={language}
              online={online}
              onAction={onAction}
              onRetry={() => void refresh()}
            />
          </div>
        </PullToRefresh>
      </main>
      {previewing && <PreviewDrawer key={previewing.id} summary={previewing} onClosed={() => setPreviewing(null)} />}
    </div>
  );
}
