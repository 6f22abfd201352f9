/**
 * The units screen (`{base}/stops/{stopId}/units`; spec section 2): every unit of the stop with its quantity,
 * name (the text before a plus sign) and note, and the total counted by quantity. Back goes to More info.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { unitTotal } from '../../../src-shared/domain/stops.ts';
import { UnitList } from '../../stops/StopDetail.tsx';
import { useNav } from '../shared/navigation.ts';
import { StopHeading, StopPage, StopPageState } from './StopPage.tsx';
import type { StopScreenProps } from './StopTaskScreen.tsx';
import styles from './stop.module.css';
import { useStop } from './use-stop.ts';

export function UnitsScreen({ base, stopId }: StopScreenProps) {
  useSignals();
  const { t } = useTranslation();
  const nav = useNav();
  const view = useStop(stopId);
  const back = () => nav.back(`${base}/stops/${stopId}`);

  if (view.status !== 'ready') return <StopPageState status={view.status} onBack={back} />;
  const { stop, number } = view;
  const total = unitTotal(stop.units);

  return (
    <StopPage title={t('stop.units.title')} stop={stop} onBack={back}>
      <div className={styles.card}>
        <StopHeading stop={stop} number={number} />
      </div>
      <div className={styles.card}>
        <div className={styles.section}>
          {stop.units.length > 0 ? <UnitList units={stop.units} /> : <p>{t('stop.detail.units', { count: 0 })}</p>}
        </div>
        <dl className={styles.total}>
          <dt>{t('stop.units.total')}</dt>
          <dd>{t('stop.detail.units', { count: total })}</dd>
        </dl>
      </div>
    </StopPage>
  );
}
