/**
 * /login and /reset-password: the sign-in wizard in the slide-up panel (spec section 2, Login; section 5,
 * Sign-in). Steps: email, password, reset sent; /reset-password starts with an email form that sends the reset.
 * The core checks the input and answers each failure with an IntentError; this screen only words it
 * (use-login-intents.ts). A new visitor's first paint was the email step as HTML: the screen takes it over
 * (use-first-paint-takeover.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
import { useScreenTitle } from '../../components/index.ts';
import { whenIdle } from '../../platform/idle.ts';
import { loadedRoutePath, useNav } from '../shared/navigation.ts';
import { LoginPanel } from './LoginPanel.tsx';
import { LoginStep, LoginStepFooter, preloadLaterSteps } from './LoginSteps.tsx';
import { useFirstPaintHandoff, useFirstPaintTakeover } from './use-first-paint-takeover.ts';
import { useLoginIntents } from './use-login-intents.ts';
import { type LoginWizard, useLoginWizard } from './use-login-wizard.ts';

const STEP_TITLES = {
  email: 'login.title',
  password: 'login.passwordTitle',
  reset: 'login.resetPassword',
  sent: 'login.resetSentTitle',
} as const;

export function LoginScreen({ startAt }: { startAt?: 'reset' }) {
  useSignals();
  const { t } = useTranslation();
  const { state } = useCore();
  const nav = useNav();
  const formId = useId();
  const firstStep = startAt === 'reset' ? 'reset' : 'email';
  // The page's first paint was this step as HTML (platform/first-paint.ts): read in this render.
  const handoff = useFirstPaintHandoff(firstStep);
  const wizard = useLoginWizard(firstStep, handoff?.email ?? '');
  const intents = useLoginIntents(wizard);
  // Focus follows the driver from step to step, but the first step does not pop the keyboard up on arrival: it
  // focuses the heading, which the page title names too.
  const heading = useRef<HTMLHeadingElement>(null);
  useScreenTitle(t(STEP_TITLES[wizard.step]), heading);
  useFirstPaintTakeover(handoff, formId, intents.submitEmail);
  const onBack = useBackFromStep(wizard);
  // The password step's code is fetched once the first screen has painted and the page is idle (at most 2 s).
  useEffect(() => whenIdle(preloadLaterSteps, 2_000), []);

  const backToSignIn = () => {
    if (startAt === 'reset') nav.replace(PATHS.login);
    else wizard.goTo('email');
  };
  const footer = (
    <LoginStepFooter
      formId={formId}
      step={wizard.step}
      busy={intents.busy}
      termsUrl={state.appConfig.value?.termsUrl}
      onBackToSignIn={backToSignIn}
    />
  );
  return (
    <LoginPanel onBack={onBack} inPlace={handoff !== null} footer={footer}>
      <LoginStep formId={formId} wizard={wizard} intents={intents} headingRef={heading} />
    </LoginPanel>
  );
}

/**
 * Where Back leads from the step shown: the wizard's previous step, the sign-in from a reset, else the route or the
 * account the driver came from (none on a first sign-in). Reads the session and the route: call under useSignals().
 */
function useBackFromStep({ step, previousStep, goTo }: LoginWizard): (() => void) | undefined {
  const { state } = useCore();
  const nav = useNav();
  const { link, driver } = state.session.value;
  const routePath = loadedRoutePath(state.route.value, link);
  if (previousStep) return () => goTo(previousStep);
  if (step === 'reset') return () => nav.back(PATHS.login);
  if (routePath) return () => nav.back(routePath);
  if (driver) return () => nav.back(PATHS.account);
  return undefined;
}
