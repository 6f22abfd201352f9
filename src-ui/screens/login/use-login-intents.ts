/**
 * The sign-in's intents through the core (check the email, sign in, send a reset), one at a time: the pressed
 * button shows its spinner meanwhile, and a second press is ignored. The core checks the input and answers each
 * failure with an IntentError; these only word it (login-errors.ts) on the wizard.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Result } from '../../../src-shared/api/worker-api.ts';
import { useCore } from '../../app/core-context.tsx';
import { useFeedback } from '../../app/feedback.tsx';
import { PATHS } from '../../app/paths.ts';
import { intentErrorText } from '../../i18n/errors.ts';
import { loadedRoutePath, useNav } from '../shared/navigation.ts';
import { emailErrorText, passwordErrorText } from './login-errors.ts';
import type { LoginWizard, Step } from './use-login-wizard.ts';

/** Which button's intent runs: Next (or Send) in the footer, or the password step's reset link. */
type Busy = 'submit' | 'reset' | null;

export function useLoginIntents(wizard: LoginWizard) {
  const { t } = useTranslation();
  const { api, state } = useCore();
  const feedback = useFeedback();
  const nav = useNav();
  const { busy, run } = useOneAtATime(() => wizard.setError(undefined));
  const { email, password, goTo, setError } = wizard;

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
    if (res.ok) return wizard.sent(from);
    if (from === 'reset') setError(intentErrorText(res, t));
    else feedback.snackbar({ id: 'password-reset', text: intentErrorText(res, t), tone: 'danger' });
  }

  return { busy, submitEmail, submitPassword, sendReset };
}

export type LoginIntents = ReturnType<typeof useLoginIntents>;

/** Runs one intent at a time (null for a press while one runs), `onStart` as each begins. */
function useOneAtATime(onStart: () => void) {
  const [busy, setBusy] = useState<Busy>(null);
  const running = useRef(false);
  async function run<T>(kind: Exclude<Busy, null>, intent: () => Promise<Result<T>>): Promise<Result<T> | null> {
    if (running.current) return null;
    running.current = true;
    setBusy(kind);
    onStart();
    try {
      return await intent();
    } finally {
      running.current = false;
      setBusy(null);
    }
  }
  return { busy, run };
}
