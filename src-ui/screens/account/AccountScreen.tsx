/**
 * /account (spec section 2, Account): the driver's name and organisation (from the access token), then My Routes
 * (signed in only), Settings, About and Sign out; signed out, a Sign in button instead of the profile.
 *
 * Sign-out with completions still on the phone asks first (use-sign-out.ts); it also forgets a loaded shared link.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { useCore } from '../../app/core-context.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Logo, TopBar } from '../../components/index.ts';
import { loadedRoutePath, useNav } from '../shared/navigation.ts';
import { PanelScreen } from '../shared/PanelScreen.tsx';
import { useSignInWhenSessionEnds } from '../shared/use-session-end.ts';
import { AccountLinks } from './AccountLinks.tsx';
import { DriverProfileCard, SignedOutPrompt } from './AccountProfile.tsx';
import { useSignOut } from './use-sign-out.ts';

export function AccountScreen() {
  useSignals();
  const { t } = useTranslation();
  const { state } = useCore();
  const nav = useNav();
  const session = state.session.value;
  const { driver, link } = session;
  const signedIn = session.status === 'signed_in' && driver !== null;
  const unsent = state.outbox.value.unsent;
  const signOut = useSignOut(unsent);
  useSignInWhenSessionEnds();

  // Spec section 2: the back arrow returns to the route when one is loaded; with none, there is no back arrow.
  const routePath = loadedRoutePath(state.route.value, link);
  const onBack = routePath ? () => nav.back(routePath) : undefined;

  return (
    <PanelScreen
      compact
      header={
        <TopBar
          variant="transparent"
          sticky={false}
          title={t('account.title')}
          backLabel={onBack && t('common.a11y.back')}
          onBack={onBack}
        />
      }
      logo={<Logo size={48} variant="inverse" />}
    >
      {signedIn ? <DriverProfileCard driver={driver} /> : <SignedOutPrompt />}
      <AccountLinks signedIn={signedIn} notSaved={state.outbox.value.parked.length} signOut={signOut} />
      <ConfirmDialog
        open={signOut.confirming}
        title={t('account.signOutTitle')}
        message={t('account.unsentOnSignOut', { count: unsent })}
        confirmLabel={t('account.signOut')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        onConfirm={signOut.confirm}
        onCancel={signOut.cancel}
      />
    </PanelScreen>
  );
}
