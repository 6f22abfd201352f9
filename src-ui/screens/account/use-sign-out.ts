/**
 * The account screen's sign-out. With completions still on the phone it asks first and says they are sent at the
 * next sign-in (they are kept). It also forgets a loaded shared link: the phone goes back to a clean state, so the
 * next person neither lands on someone else's route nor keeps its token (the core already clears everything else
 * but unsent stops).
 */
import { useState } from 'react';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
import { leaveLink } from '../../platform/platform.ts';
import { useNav } from '../shared/navigation.ts';

export interface SignOut {
  /** A sign-out is under way (its row is disabled meanwhile). */
  signingOut: boolean;
  /** The question shown before a sign-out that leaves completions on the phone. */
  confirming: boolean;
  /** The Sign out row: asks first when `unsent` completions wait, else signs out. */
  request: () => void;
  confirm: () => void;
  cancel: () => void;
}

export function useSignOut(unsent: number): SignOut {
  const { api, state } = useCore();
  const nav = useNav();
  const [signingOut, setSigningOut] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function signOut() {
    if (signingOut) return;
    setConfirming(false);
    setSigningOut(true);
    try {
      if (state.session.peek().link) await leaveLink(api);
      await api.signOut();
    } finally {
      setSigningOut(false);
    }
    nav.replace(PATHS.login);
  }

  return {
    signingOut,
    confirming,
    request: () => (unsent > 0 ? setConfirming(true) : void signOut()),
    confirm: () => void signOut(),
    cancel: () => setConfirming(false),
  };
}
