/**
 * /account (spec section 2, Account): the driver's name and organisation (from the access token), then My Routes
 * (signed in only), Settings, About and Sign out; signed out, a Sign in button instead of the profile.
 *
 * Sign-out with completions still on the phone asks first and says they are sent at the next sign-in (they are kept).
 * Sign-out also forgets a loaded shared link: it hands the phone back to a clean state, so the next person neither
 * lands on someone else's route nor keeps its token (the core already clears everything else but unsent stops).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { CloudAlert, Info, LogIn, LogOut, Route, Settings, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { DriverProfile } from '../../../src-shared/state/app-state.ts';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Button, ListRow, ListSection, Logo, TopBar } from '../../components/index.ts';
import { leaveLink } from '../../platform/platform.ts';
import { loadedRoutePath, useNav } from '../shared/navigation.ts';
import { PanelScreen } from '../shared/PanelScreen.tsx';
import shared from '../shared/shared.module.css';
import { useSignInWhenSessionEnds } from '../shared/use-session-end.ts';
import styles from './account.module.css';

function initials(driver: DriverProfile): string {
  return [driver.first_name, driver.last_name]
    .map((name) => name.trim().charAt(0))
    .join('')
    .toLocaleUpperCase();
}

export function AccountScreen() {
  useSignals();
  const { t } = useTranslation();
  const { api, state } = useCore();
  const nav = useNav();
  const session = state.session.value;
  const { driver, link } = session;
  const signedIn = session.status === 'signed_in' && driver !== null;
  const notSaved = state.outbox.value.parked.length;
  const unsent = state.outbox.value.unsent;
  const [signingOut, setSigningOut] = useState(false);
  /** The question shown before a sign-out that leaves completions on the phone. */
  const [confirming, setConfirming] = useState(false);
  useSignInWhenSessionEnds();

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

  const routePath = loadedRoutePath(state.route.value, link);
  const onBack = routePath ? () => nav.back(routePath) : undefined;
  const fullName = driver ? `${driver.first_name} ${driver.last_name}`.trim() : '';

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
      {signedIn ? (
        <div className={styles.profile}>
          <span className={styles.avatar} aria-hidden="true">
            {initials(driver) || <UserRound size={28} strokeWidth={2} />}
          </span>
          <div className={styles.who}>
            <h2 className={shared.panelTitle}>{fullName}</h2>
            {driver.organisationName && <p className={styles.organisation}>{driver.organisationName}</p>}
          </div>
        </div>
      ) : (
        <div className={styles.signedOut}>
          <h2 className={shared.panelTitle}>{t('account.signedOut')}</h2>
          <Button fullWidth icon={<LogIn size={20} aria-hidden="true" />} onClick={() => nav.go(PATHS.login)}>
            {t('account.signIn')}
          </Button>
        </div>
      )}
      <div className={styles.rows}>
        {notSaved > 0 && (
          <ListSection>
            <Link href={PATHS.notSaved} state={nav.linkState} asChild>
              <ListRow icon={CloudAlert} tone="danger" label={t('account.notSaved', { count: notSaved })} />
            </Link>
          </ListSection>
        )}
        <ListSection>
          {signedIn && (
            <Link href={PATHS.routes} state={nav.linkState} asChild>
              <ListRow icon={Route} label={t('account.myRoutes')} />
            </Link>
          )}
          <Link href={PATHS.settings} state={nav.linkState} asChild>
            <ListRow icon={Settings} label={t('account.settings')} />
          </Link>
          <Link href={PATHS.about} state={nav.linkState} asChild>
            <ListRow icon={Info} label={t('account.about')} />
          </Link>
        </ListSection>
        {signedIn && (
          <ListSection>
            <ListRow
              icon={LogOut}
              label={t('account.signOut')}
              tone="danger"
              trailing="none"
              disabled={signingOut}
              // What waits on the phone is kept and sent at the driver's next sign-in: said before they go.
              onClick={() => (unsent > 0 ? setConfirming(true) : void signOut())}
            />
          </ListSection>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('account.signOutTitle')}
        message={t('account.unsentOnSignOut', { count: unsent })}
        confirmLabel={t('account.signOut')}
        cancelLabel={t('common.cancel')}
        tone="danger"
        onConfirm={() => void signOut()}
        onCancel={() => setConfirming(false)}
      />
    </PanelScreen>
  );
}
