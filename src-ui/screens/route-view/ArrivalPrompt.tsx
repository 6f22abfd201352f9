/**
 * The gentle prompt the active stop's card shows when the core noticed the driver has arrived (issue 34,
 * docs/delivery-outcomes.md; the core's offer is `arrival.offer`, src-worker/routes/arrival-offer.ts): a line saying
 * so over the card's own large Arrived button, and a dismiss. It opens calmly (its height grows, arrival-prompt
 * .module.css) rather than pushing the card's buttons down in one jump under the driver's thumb.
 */
import { MapPinCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/index.ts';
import styles from './arrival-prompt.module.css';

export interface ArrivalPromptProps {
  onDismiss(): void;
}

export function ArrivalPrompt({ onDismiss }: ArrivalPromptProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.outer} data-testid="arrival-prompt">
      <div className={styles.inner}>
        {/* A status: announced when it appears, never taking the focus from where the driver is. */}
        <div role="status" className={styles.prompt}>
          <MapPinCheck className={styles.icon} size={22} strokeWidth={2.25} aria-hidden="true" />
          <p className={styles.text}>{t('route.arrival.prompt')}</p>
          <IconButton icon={X} label={t('route.arrival.dismiss')} onClick={onDismiss} />
        </div>
      </div>
    </div>
  );
}
