/**
 * /login and /reset-password: the sign-in wizard in the slide-up panel (spec section 2, Login; section 5,
 * Sign-in). Steps: email, password, reset sent; /reset-password starts with an email form that sends the reset.
 * The core checks the input and answers each failure with an IntentError; this screen only words it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Result } from '../../../src-shared/api/worker-api.ts';
import { useCore } from '../../app/core-context.tsx';
import { useFeedback } from '../../app/feedback.tsx';
import { PATHS } from '../../app/paths.ts';
import { Button, useScreenTitle } from '../../components/index.ts';
import { intentErrorText } from '../../i18n/errors.ts';
import { readSignInFirstPaint, releaseEarlySignIn, restoreCaret } from '../../platform/first-paint.ts';
import { loadedRoutePath, useNav } from '../shared/navigation.ts';
import { EmailStep } from './EmailStep.tsx';
import { LoginFooter, LoginPanel } from './LoginPanel.tsx';
import { emailErrorText, passwordErrorText } from './login-errors.ts';
import { PasswordStep } from './PasswordStep.tsx';
import { ResetSentStep } from './ResetSentStep.tsx';

type Step = 'email' | 'password' | 'reset' | 'sent';
type Busy = 'submit' | 'reset' | null;

export function LoginScreen({ startAt }: { startAt?: 'reset' }) {
  useSignals();
  const { t } = useTranslation();
  const { api, state } = useCore();
  const feedback = useFeedback();
  const nav = useNav();
  const formId = useId();
  const { link, driver } = state.session.value;
  const termsUrl = state.appConfig.value?.termsUrl;

  const firstStep: Step = startAt === 'reset' ? 'reset' : 'email';
  // The page's first paint was this step as HTML (platform/first-paint.ts): read in this render, which React
  // commits in the same task as it replaces that HTML, so nothing the driver typed meanwhile is lost.
  const [handoff] = useState(() => (firstStep === 'email' ? readSignInFirstPaint() : null));
  const [step, setStep] = useState<Step>(firstStep);
  const [sentFrom, setSentFrom] = useState<Step>('password');
  const [shownFor, setShownFor] = useState(firstStep);
  const [email, setEmail] = useState(handoff?.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<Busy>(null);
  const running = useRef(false);
  // Focus follows the driver from step to step, but the first step does not pop the keyboard up on arrival: it
  // focuses the heading, which the page title names too.
  const [moved, setMoved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const stepTitle = {
    email: 'login.title',
    password: 'login.passwordTitle',
    reset: 'login.resetPassword',
    sent: 'login.resetSentTitle',
  } as const;
  useScreenTitle(t(stepTitle[step]), heading);

  // /login and /reset-password share this component instance: switching between them restarts the wizard.
  if (shownFor !== firstStep) {
    setShownFor(firstStep);
    setStep(firstStep);
    setError(undefined);
  }

  const goTo = (next: Step) => {
    setError(undefined);
    if (next === 'email') setPassword('');
    setMoved(true);
    setStep(next);
  };

  /** Runs one intent at a time; the pressed button shows its spinner meanwhile. */
  async function run<T>(kind: Exclude<Busy, null>, intent: () => Promise<Result<T>>): Promise<Result<T> | null> {
    if (running.current) return null;
    running.current = true;
    setBusy(kind);
    setError(undefined);
    try {
      return await intent();
    } finally {
      running.current = false;
      setBusy(null);
    }
  }

  async function submitEmail() {
    const res = await run('submit', () => api.checkEmail(email));
    if (!res) return;
    if (res.ok) goTo('password');
    else setError(emailErrorText(res, t));
  }

  async function submitPassword() {
    const res = await run('submit', () => api.signIn(email, password));
    if (!res) return;
    if (!res.ok) return setError(passwordErrorText(res, t));
    nav.replace(loadedRoutePath(state.route.peek(), state.session.peek().link) ?? PATHS.routes);
  }

  async function sendReset(from: Step) {
    const res = await run(from === 'reset' ? 'submit' : 'reset', () => api.requestPasswordReset(email));
    if (!res) return;
    if (res.ok) {
      setSentFrom(from);
      return goTo('sent');
    }
    if (from === 'reset') setError(intentErrorText(res, t));
    else feedback.snackbar({ id: 'password-reset', text: intentErrorText(res, t), tone: 'danger' });
  }

  // Before the paint: the caret stays where it was, and a Next pressed before the app was ready is answered now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the first paint this screen replaced.
  useLayoutEffect(() => {
    releaseEarlySignIn();
    if (!handoff) return;
    const input = document.getElementById(formId)?.querySelector<HTMLInputElement>('input[name="email"]');
    if (input) restoreCaret(input, handoff.selection);
    if (handoff.pressed) void submitEmail();
  }, []);

  const backToSignIn = () => {
    if (startAt === 'reset') nav.replace(PATHS.login);
    else goTo('email');
  };

  const routePath = loadedRoutePath(state.route.value, link);
  const previousStep: Step | null = step === 'password' ? 'email' : step === 'sent' ? sentFrom : null;
  let onBack: (() => void) | undefined;
  if (previousStep) onBack = () => goTo(previousStep);
  else if (step === 'reset') onBack = () => nav.back(PATHS.login);
  else if (routePath) onBack = () => nav.back(routePath);
  else if (driver) onBack = () => nav.back(PATHS.account);

  const onEmail = (value: string) => {
    setEmail(value);
    setError(undefined);
  };
  let body: ReactNode;
  if (step === 'email' || step === 'reset') {
    const signIn = step === 'email';
    body = (
      <EmailStep
        formId={formId}
        title={signIn ? t('login.title') : t('login.resetPassword')}
        text={signIn ? t('login.emailStepText') : t('login.resetText')}
        email={email}
        onEmail={onEmail}
        error={error}
        autoFocus={moved}
        headingRef={heading}
        enterKeyHint={signIn ? 'next' : 'send'}
        onSubmit={signIn ? submitEmail : () => sendReset('reset')}
      />
    );
  } else if (step === 'password') {
    body = (
      <PasswordStep
        formId={formId}
        email={email.trim()}
        password={password}
        onPassword={(value) => {
          setPassword(value);
          setError(undefined);
        }}
        error={error}
        autoFocus={moved}
        resetting={busy === 'reset'}
        onReset={() => sendReset('password')}
        onSubmit={submitPassword}
      />
    );
  } else {
    body = <ResetSentStep email={email.trim()} />;
  }

  const footer =
    step === 'sent' ? (
      // Its own key: reusing the submit button's element would let this click submit the next step's form.
      <Button key="back" fullWidth onClick={backToSignIn}>
        {t('login.backToSignIn')}
      </Button>
    ) : (
      <LoginFooter
        formId={formId}
        label={step === 'reset' ? t('login.sendInstructions') : t('login.next')}
        busy={busy === 'submit'}
        disabled={busy === 'reset'}
        terms={step === 'reset' ? null : { url: termsUrl }}
      />
    );

  return (
    <LoginPanel onBack={onBack} inPlace={handoff !== null} footer={footer}>
      {body}
    </LoginPanel>
  );
}
