/** Sign-in step two: the password, with a show/hide toggle and the Reset password link. */
import { type FormEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../src-shared/domain/settings.ts';
import { preloadRoutesScreen } from '../../app/screen-loaders.ts';
import { Button, TextField } from '../../components/index.ts';
import shared from '../shared/shared.module.css';
import styles from './login.module.css';

export interface PasswordStepProps {
  formId: string;
  email: string;
  password: string;
  onPassword: (password: string) => void;
  error?: string;
  autoFocus: boolean;
  resetting: boolean;
  onReset: () => void;
  onSubmit: () => void;
}

export function PasswordStep(props: PasswordStepProps) {
  const { t, i18n } = useTranslation();
  // The route list comes next: its code and strings download while the driver types, not after the tap.
  useEffect(() => preloadRoutesScreen(i18n.language as Language), [i18n.language]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form id={props.formId} className={styles.form} noValidate onSubmit={submit}>
      <div>
        <h1 className={shared.panelTitle}>{t('login.passwordTitle')}</h1>
        <p className={`${shared.panelText} ${styles.email}`}>{props.email}</p>
      </div>
      {/* Lets a password manager file the password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={props.email} readOnly hidden />
      <div className={styles.passwordGroup}>
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          enterKeyHint="go"
          value={props.password}
          onChange={props.onPassword}
          error={props.error}
          autoFocus={props.autoFocus}
          revealable={{ showLabel: t('login.showPassword'), hideLabel: t('login.hidePassword') }}
        />
        <Button variant="text" className={styles.resetLink} loading={props.resetting} onClick={props.onReset}>
          {t('login.resetPassword')}
        </Button>
      </div>
    </form>
  );
}
