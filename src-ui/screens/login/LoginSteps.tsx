/**
 * The sign-in wizard's parts for the step shown: the step's form in the panel (email, password, or reset sent) and
 * the panel's footer (Next or Send with the terms, or Back to sign in once the reset is sent). The state is the
 * wizard's (use-login-wizard.ts), the intents use-login-intents.ts's.
 */
import { type Ref, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBoundary } from '../../app/CodeBoundary.tsx';
import { retryableLazy } from '../../app/retryable-lazy.ts';
import { Button } from '../../components/index.ts';
import { EmailStep } from './EmailStep.tsx';
import { LoginFooter } from './LoginPanel.tsx';
import type { LoginIntents } from './use-login-intents.ts';
import type { LoginWizard } from './use-login-wizard.ts';

/**
 * The steps after the email's come with their own code: the first screen (the email step, usable at first paint)
 * does not carry them. preloadLaterSteps fetches them once the first screen has painted, so Next never waits.
 */
const loadPasswordStep = () => import('./PasswordStep.tsx');
const loadResetSentStep = () => import('./ResetSentStep.tsx');
const PasswordStep = retryableLazy(() => loadPasswordStep().then((m) => ({ default: m.PasswordStep })));
const ResetSentStep = retryableLazy(() => loadResetSentStep().then((m) => ({ default: m.ResetSentStep })));

export function preloadLaterSteps(): void {
  void loadPasswordStep().catch(() => {});
  void loadResetSentStep().catch(() => {});
}

export interface LoginStepProps {
  formId: string;
  wizard: LoginWizard;
  intents: LoginIntents;
  /** The email step's heading, which the screen's title focuses on arrival. */
  headingRef: Ref<HTMLHeadingElement>;
}

export function LoginStep({ formId, wizard, intents, headingRef }: LoginStepProps) {
  const { t } = useTranslation();
  const { step, email, error, moved } = wizard;
  if (step === 'email' || step === 'reset') {
    const signIn = step === 'email';
    return (
      <EmailStep
        formId={formId}
        title={signIn ? t('login.title') : t('login.resetPassword')}
        text={signIn ? t('login.emailStepText') : t('login.resetText')}
        email={email}
        onEmail={wizard.onEmail}
        error={error}
        autoFocus={moved}
        headingRef={headingRef}
        enterKeyHint={signIn ? 'next' : 'send'}
        onSubmit={signIn ? intents.submitEmail : () => intents.sendReset('reset')}
      />
    );
  }
  if (step === 'password')
    return (
      <CodeBoundary kind="part">
        <Suspense fallback={null}>
          <PasswordStep
            formId={formId}
            email={email.trim()}
            password={wizard.password}
            onPassword={wizard.onPassword}
            error={error}
            autoFocus={moved}
            resetting={intents.busy === 'reset'}
            onReset={() => intents.sendReset('password')}
            onSubmit={intents.submitPassword}
          />
        </Suspense>
      </CodeBoundary>
    );
  return (
    <CodeBoundary kind="part">
      <Suspense fallback={null}>
        <ResetSentStep email={email.trim()} />
      </Suspense>
    </CodeBoundary>
  );
}

export interface LoginStepFooterProps {
  formId: string;
  step: LoginWizard['step'];
  busy: LoginIntents['busy'];
  termsUrl: string | undefined;
  onBackToSignIn(): void;
}

export function LoginStepFooter({ formId, step, busy, termsUrl, onBackToSignIn }: LoginStepFooterProps) {
  const { t } = useTranslation();
  if (step === 'sent')
    return (
      // Its own key: reusing the submit button's element would let this click submit the next step's form.
      <Button key="back" fullWidth onClick={onBackToSignIn}>
        {t('login.backToSignIn')}
      </Button>
    );
  return (
    <LoginFooter
      formId={formId}
      label={step === 'reset' ? t('login.sendInstructions') : t('login.next')}
      busy={busy === 'submit'}
      disabled={busy === 'reset'}
      terms={step === 'reset' ? null : { url: termsUrl }}
    />
  );
}
