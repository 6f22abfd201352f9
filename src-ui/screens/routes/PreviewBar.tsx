/** The preview drawer's bar: Back while a stop's detail shows (else a spacer indents the title), the title, Close. */
import { ArrowLeft, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/index.ts';
import styles from './preview.module.css';

export interface PreviewBarProps {
  titleId: string;
  title: string;
  /** Back to the stop list; none on the list itself. */
  onBack?: () => void;
  onClose: () => void;
}

export function PreviewBar({ titleId, title, onBack, onClose }: PreviewBarProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.bar}>
      {onBack ? (
        <IconButton icon={ArrowLeft} label={t('common.a11y.back')} onClick={onBack} />
      ) : (
        <span className={styles.barSpacer} />
      )}
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <IconButton icon={X} label={t('common.close')} onClick={onClose} />
    </div>
  );
}
