/** Sign-in step three: reset instructions are on their way. */
import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import shared from '../shared/shared.module.css';
import styles from './login.module.css';

export function ResetSentStep({ email }: { email: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The content changed without a page load: move focus here so a screen reader reads the confirmation.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.sent}>
      <span className={styles.sentIcon}>
        <MailCheck size={32} strokeWidth={2} aria-hidden="true" />
      </span>
      <h1 ref={heading} tabIndex={-1} className={shared.panelTitle}>
        {t('login.resetSentTitle')}
      </h1>
      <p className={shared.panelText}>{t('login.resetSent', { email })}</p>
    </div>
  );
}
