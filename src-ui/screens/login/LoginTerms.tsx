/** "By signing in, you agree to the Terms of service." The link opens outside the app. */
import { useTranslation } from 'react-i18next';
import { splitTag } from '../../i18n/tagged.ts';
import styles from './login.module.css';

export function LoginTerms({ termsUrl }: { termsUrl: string | undefined }) {
  const { t } = useTranslation();
  const { before, inner, after } = splitTag(t('login.terms'), 'terms');
  return (
    <p className={styles.terms}>
      {before}
      {termsUrl ? (
        <a href={termsUrl} target="_blank" rel="noopener noreferrer">
          {inner}
        </a>
      ) : (
        <span>{inner}</span>
      )}
      {after}
    </p>
  );
}
