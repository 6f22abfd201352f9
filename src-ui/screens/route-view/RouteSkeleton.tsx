/** While the route loads: the map's place (map view On) and skeleton stop rows. */
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/index.ts';
import styles from './route-view.module.css';

const ROWS = 6;

export function RouteSkeleton({ map }: { map: boolean }) {
  const { t } = useTranslation();
  return (
    <main className={map ? styles.stage : styles.skeletonList} aria-busy="true">
      <p className="visually-hidden">{t('route.loading')}</p>
      {map && <div className={styles.skeletonMap} />}
      <div className={map ? styles.skeletonDrawer : undefined}>
        {Array.from({ length: map ? 2 : ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity of their own.
          <div key={i} className={styles.skeletonRow}>
            <Skeleton shape="circle" width="var(--space-8)" />
            <Skeleton lines={3} />
          </div>
        ))}
      </div>
    </main>
  );
}
