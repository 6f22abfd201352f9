/**
 * When the session ends while a screen that shows it is open, the driver lands on the sign-in: after a sign-out
 * elsewhere (signed in, then signed out while mounted), and after an automatic logout, whose notice ("You have
 * been logged out automatically") may arrive before or after this screen's first render. The caller reads
 * signals, so it has called useSignals().
 */
import { useEffect, useRef } from 'react';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
import { useNav } from './navigation.ts';

export function useSignInWhenSessionEnds(): void {
  const { state } = useCore();
  const nav = useNav();
  const { status } = state.session.value;
  const loggedOut = state.notices.value.some((notice) => notice.kind === 'logged_out_automatically');
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (status === 'signed_out' && (was === 'signed_in' || loggedOut)) nav.replace(PATHS.login);
  }, [status, loggedOut, nav]);
}
