/**
 * /routes and /routes/closed (spec section 2 "Route list"): My Routes with the New and Closed tabs over the
 * sections the core grouped (src-shared/domain/route-list.ts). The list loads when the screen opens (the core shows
 * its stored copy first) and reloads by pull-to-refresh or the refresh button; a thin bar under the tabs shows
 * both. Open route and Continue route go to the route; on Closed a card opens the preview drawer. The list needs a
 * signed-in driver: signed out (also after an automatic logout, whose 401 the core turns into a sign-out), it is
 * the sign-in.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import type { RouteTab } from '../../../src-shared/domain/route-list.ts';
import type { Language } from '../../../src-shared/domain/settings.ts';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
// Only this lazy screen uses the pull: imported directly, so it stays out of the first screen's chunks.
import { PullToRefresh } from '../../components/PullToRefresh.tsx';
import { cameFromRouteMain, useNav } from '../shared/navigation.ts';
import { PreviewDrawer } from './PreviewDrawer.tsx';
import { RouteList } from './RouteList.tsx';
import { RoutesHeader } from './RoutesHeader.tsx';
import { TAB_PANEL_ID, tabId } from './RouteTabs.tsx';
import styles from './routes.module.css';
import { useDateFormatWarmUp, useMapCodeAhead } from './use-idle-warm-up.ts';
import { useRouteCardAction } from './use-route-card-action.ts';
import { useRouteList } from './use-route-list.ts';

/** Route lists refresh at 120 px of pull and stretch to 132 px at most (spec section 9). */
const PULL_THRESHOLD = 120;
const PULL_MAX = 132;

export default function RoutesScreen({ tab }: { tab: RouteTab }) {
  useSignals();
  const { t, i18n } = useTranslation();
  const { state } = useCore();
  const nav = useNav();
  const session = state.session.value;
  const list = state.routeList.value;
  const { distanceUnit, mapView } = state.settings.value;
  const { online } = state.connectivity.value;
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const signedIn = session.status === 'signed_in';
  const { refresh, failure } = useRouteList(signedIn);
  const { onAction, previewing, closePreview } = useRouteCardAction();
  useDateFormatWarmUp(language);
  useMapCodeAhead(mapView);

  // Each tab starts at the top of its list.
  useEffect(() => {
    if (tab) window.scrollTo({ top: 0 });
  }, [tab]);

  if (session.status === 'signed_out') return <Redirect to={PATHS.login} replace />;

  const busy = list.status === 'loading' || list.refreshing;
  // Spec section 2: back to the route when the list was opened from its main window (More > My Routes), else to
  // the account.
  const back = () => nav.back(cameFromRouteMain() ?? PATHS.account);

  return (
    <div className={styles.page}>
      <RoutesHeader tab={tab} list={list} busy={busy} onBack={back} onRefresh={() => void refresh()} />
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
      {previewing && <PreviewDrawer key={previewing.id} summary={previewing} onClosed={closePreview} />}
    </div>
  );
}
