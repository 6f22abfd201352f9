/**
 * /account/not-saved: every completion the server refused for good, with what the driver entered, to send again
 * or discard (issue 12: nothing is deleted unseen). The stop windows show the same panel for their own stop; this
 * screen also reaches refusals of routes the driver can no longer open (reassigned or removed).
 */

import { useSignals } from '@preact/signals-react/runtime';
import { CloudCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
import { EmptyState, TopBar } from '../../components/index.ts';
import { NotSavedPanel } from '../../stops/NotSavedPanel.tsx';
import { useNav } from '../shared/navigation.ts';
import styles from './not-saved.module.css';

export default function NotSavedScreen() {
  useSignals();
  const { t } = useTranslation();
  const { state } = useCore();
  const nav = useNav();
  const parked = state.outbox.value.parked;
  const timeZone = state.organisation.value?.time_zone;
  return (
    <div className={styles.page}>
      <TopBar title={t('notSaved.title')} backLabel={t('common.a11y.back')} onBack={() => nav.back(PATHS.account)} />
      <main className={styles.main}>
        {parked.length === 0 ? (
          <EmptyState icon={CloudCheck} title={t('connectivity.allSent')} />
        ) : (
          <ul className={styles.list}>
            {parked.map((item) => (
              <li key={item.id}>
                <h2 className={styles.stop}>
                  {item.stop.number === null
                    ? item.stop.name
                    : `${t('stop.detail.number', { number: item.stop.number })} · ${item.stop.name}`}
                </h2>
                <NotSavedPanel parked={item} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
