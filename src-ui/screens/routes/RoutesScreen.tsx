/**
 * /routes and /routes/closed: a placeholder until the route list's issue. It shows the real frame (My Routes, the
 * New and Closed tabs) over a loading skeleton. The list needs a signed-in driver: signed out, it is the sign-in.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link, Redirect } from 'wouter';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
import { cx, Skeleton, TopBar } from '../../components/index.ts';
import { useNav } from '../shared/navigation.ts';
import styles from './routes.module.css';

const PLACEHOLDER_ROWS = 4;

export default function RoutesScreen({ tab }: { tab: 'new' | 'closed' }) {
  useSignals();
  const { t } = useTranslation();
  const { state } = useCore();
  const nav = useNav();
  const { status } = state.session.value;

  if (status === 'signed_out') return <Redirect to={PATHS.login} replace />;

  const tabs = [
    { id: 'new', href: PATHS.routes, label: t('routes.tabs.new') },
    { id: 'closed', href: PATHS.routesClosed, label: t('routes.tabs.closed') },
  ] as const;

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <TopBar
          title={t('routes.title')}
          backLabel={t('common.a11y.back')}
          onBack={() => nav.back(PATHS.account)}
          sticky={false}
        />
        <nav className={styles.tabs}>
          {tabs.map((item) => (
            <Link
              key={item.id}
              href={item.href}
              replace
              className={cx(styles.tab, item.id === tab && styles.current)}
              aria-current={item.id === tab ? 'page' : undefined}
            >
              {item.label}
            </Link>
          ))}
        </nav>
      </div>
      <main className={styles.list} aria-busy="true">
        <p className="visually-hidden">{t('routes.loading')}</p>
        {Array.from({ length: PLACEHOLDER_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity of their own.
          <div key={i} className={styles.card}>
            <Skeleton width="45%" height="var(--line-height-title)" />
            <Skeleton lines={2} />
          </div>
        ))}
      </main>
    </div>
  );
}
