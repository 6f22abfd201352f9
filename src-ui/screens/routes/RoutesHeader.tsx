/**
 * My Routes' head, fixed over the list: the bar with back and refresh, the New and Closed tabs, and a thin bar
 * that shows a load or a refresh (by pull or button) under way.
 */
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RouteTab } from '../../../src-shared/domain/route-list.ts';
import type { RouteListState } from '../../../src-shared/state/app-state.ts';
import { IconButton, ProgressBar, TopBar } from '../../components/index.ts';
import { RouteTabs } from './RouteTabs.tsx';
import styles from './routes.module.css';

export interface RoutesHeaderProps {
  tab: RouteTab;
  list: RouteListState;
  /** The list is loading or refreshing. */
  busy: boolean;
  onBack: () => void;
  onRefresh: () => void;
}

export function RoutesHeader({ tab, list, busy, onBack, onRefresh }: RoutesHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.header}>
      <TopBar
        title={t('routes.title')}
        subject={t(`routes.tabs.${tab}`)}
        backLabel={t('common.a11y.back')}
        onBack={onBack}
        sticky={false}
        action={
          <IconButton
            label={t('routes.refresh')}
            icon={RefreshCw}
            className={list.refreshing ? styles.spinning : undefined}
            onClick={onRefresh}
          />
        }
      />
      <RouteTabs tab={tab} />
      <ProgressBar
        label={list.status === 'loading' ? t('routes.loading') : t('common.pullToRefresh.refreshing')}
        active={busy}
      />
    </div>
  );
}
