/**
 * The sign-in wizard's state: the step shown (email, password, reset, reset sent), where the reset was asked from,
 * the email and password typed, the error shown, and whether the driver has moved on from the first step (focus
 * then follows to each step's field; on arrival it stays on the heading, so the keyboard does not pop up).
 */
import { useState } from 'react';

export type Step = 'email' | 'password' | 'reset' | 'sent';

export function useLoginWizard(firstStep: 'email' | 'reset', initialEmail: string) {
  const [step, setStep] = useState<Step>(firstStep);
  const [sentFrom, setSentFrom] = useState<Step>('password');
  const [shownFor, setShownFor] = useState(firstStep);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [moved, setMoved] = useState(false);

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

  return {
    step,
    email,
    password,
    error,
    setError,
    moved,
    goTo,
    /** The reset was sent: the sent step's way back leads to where it was asked from. */
    sent(from: Step) {
      setSentFrom(from);
      goTo('sent');
    },
    /** The step Back returns to inside the wizard, if any. */
    previousStep: (step === 'password' ? 'email' : step === 'sent' ? sentFrom : null) as Step | null,
    onEmail(value: string) {
      setEmail(value);
      setError(undefined);
    },
    onPassword(value: string) {
      setPassword(value);
      setError(undefined);
    },
  };
}

export type LoginWizard = ReturnType<typeof useLoginWizard>;
