/**
 * /routes/{id} and /routes/single/{routeId}: a placeholder until the route view's issue, over a loading skeleton.
 * From a shared link, the back button leaves the link (forgets its session) and goes to the account.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
import { Skeleton, TopBar } from '../../components/index.ts';
import { leaveLink } from '../../platform/platform.ts';
import { useNav } from '../shared/navigation.ts';
import styles from './routes.module.css';

export default function RouteScreen({ shared }: { id: string; shared: boolean }) {
  useSignals();
  const { t } = useTranslation();
  const { api } = useCore();
  const nav = useNav();

  async function back() {
    if (!shared) return nav.back(PATHS.routes);
    await leaveLink(api);
    nav.replace(PATHS.account);
  }

  return (
    <div className={styles.page}>
      <TopBar backLabel={t('common.a11y.back')} onBack={back} />
      <main className={styles.list} aria-busy="true">
        <p className="visually-hidden">{t('route.loading')}</p>
        <Skeleton shape="rect" height="40dvh" />
        <div className={styles.card}>
          <Skeleton width="60%" height="var(--line-height-title)" />
          <Skeleton lines={3} />
        </div>
      </main>
    </div>
  );
}
