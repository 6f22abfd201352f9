/** "By signing in, you agree to the Terms of service." The link opens outside the app. */
import { Trans, useTranslation } from 'react-i18next';
import styles from './login.module.css';

export function LoginTerms({ termsUrl }: { termsUrl: string | undefined }) {
  const { t } = useTranslation();
  return (
    <p className={styles.terms}>
      <Trans
        t={t}
        i18nKey="login.terms"
        components={{
          // biome-ignore lint/a11y/useAnchorContent: <Trans> puts the translated link text inside.
          terms: termsUrl ? <a href={termsUrl} target="_blank" rel="noopener noreferrer" /> : <span />,
        }}
      />
    </p>
  );
}
