/** The email form: sign-in step one, and the first step of /reset-password. */
import type { FormEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH } from '../../../src-shared/limits.ts';
import { TextField } from '../../components/index.ts';
import shared from '../shared/shared.module.css';
import styles from './login.module.css';

export interface EmailStepProps {
  formId: string;
  title: string;
  text: string;
  email: string;
  onEmail: (email: string) => void;
  error?: string;
  autoFocus: boolean;
  /** What Enter on the phone's keyboard says: "next" for the sign-in, "send" for a reset. */
  enterKeyHint: 'next' | 'send';
  onSubmit: () => void;
  /** The screen's heading (it takes the focus when the sign-in opens). */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function EmailStep(props: EmailStepProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form id={props.formId} className={styles.form} noValidate onSubmit={submit}>
      <div>
        <h1 ref={props.headingRef} tabIndex={-1} className={shared.panelTitle}>
          {props.title}
        </h1>
        <p className={shared.panelText}>{props.text}</p>
      </div>
      <TextField
        label={t('login.email')}
        name="email"
        // A text field with the email keyboard, not type="email": that type has no caret to read or set, and the
        // app taking over the page's first paint keeps the caret where the driver left it (platform/first-paint.ts).
        type="text"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint={props.enterKeyHint}
        placeholder={t('login.emailPlaceholder')}
        maxLength={EMAIL_MAX_LENGTH}
        value={props.email}
        onChange={props.onEmail}
        error={props.error}
        autoFocus={props.autoFocus}
      />
    </form>
  );
}
