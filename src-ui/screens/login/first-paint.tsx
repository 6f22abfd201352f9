/**
 * The sign-in as the server sends it to a visitor without a session (issue 32): the email step in real HTML, so a
 * driver can type (and a password manager fill) before any of the app's code has arrived. Rendered at build time,
 * once per language, by scripts/sign-in-first-paint.ts with react-dom/server, from the very components the screen
 * renders (LoginPanel, LoginFooter, EmailStep) and the app's own i18n set-up: one source, no second copy to drift.
 * Never part of the app's bundle. When the app boots it takes the form over (platform/first-paint.ts).
 */
import { useId } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../src-shared/domain/settings.ts';
import {
  FIRST_PAINT_ATTRIBUTE,
  FIRST_PAINT_SIGN_IN,
  TERMS_URL_SLOT,
} from '../../../src-shared/protocol/first-paint.ts';
import { initI18n } from '../../i18n/index.ts';
import { EmailStep } from './EmailStep.tsx';
import { LoginFooter, LoginPanel } from './LoginPanel.tsx';

const nothing = () => {};

/** The sign-in's first step as LoginScreen shows it on arrival: empty, no error, nothing busy, no way back. */
function SignInFirstPaint() {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <div {...{ [FIRST_PAINT_ATTRIBUTE]: FIRST_PAINT_SIGN_IN }} style={{ display: 'contents' }}>
      <LoginPanel
        inPlace
        footer={<LoginFooter formId={formId} label={t('login.next')} terms={{ url: TERMS_URL_SLOT }} />}
      >
        <EmailStep
          formId={formId}
          title={t('login.title')}
          text={t('login.emailStepText')}
          email=""
          onEmail={nothing}
          autoFocus={false}
          enterKeyHint="next"
          onSubmit={nothing}
        />
      </LoginPanel>
    </div>
  );
}

/** The first paint's markup in `language`, for index.html's #root. The terms link is TERMS_URL_SLOT until served. */
export async function renderSignInFirstPaint(language: Language): Promise<string> {
  await initI18n(language);
  return renderToStaticMarkup(<SignInFirstPaint />);
}
