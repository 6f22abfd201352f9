/** The account screen's head: the driver's initials, name and organisation, or, signed out, a Sign in button. */
import { LogIn, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DriverProfile } from '../../../src-shared/state/app-state.ts';
import { PATHS } from '../../app/paths.ts';
import { Button } from '../../components/index.ts';
import { useNav } from '../shared/navigation.ts';
import shared from '../shared/shared.module.css';
import styles from './account.module.css';

function initials(driver: DriverProfile): string {
  return [driver.first_name, driver.last_name]
    .map((name) => name.trim().charAt(0))
    .join('')
    .toLocaleUpperCase();
}

/** Who is signed in, as the access token names them. */
export function DriverProfileCard({ driver }: { driver: DriverProfile }) {
  const fullName = `${driver.first_name} ${driver.last_name}`.trim();
  return (
    <div className={styles.profile}>
      <span className={styles.avatar} aria-hidden="true">
        {/* A driver without a name still gets a face: the icon stands in for the initials. */}
        {initials(driver) || <UserRound size={28} strokeWidth={2} />}
      </span>
      <div className={styles.who}>
        <h2 className={shared.panelTitle}>{fullName}</h2>
        {driver.organisationName && <p className={styles.organisation}>{driver.organisationName}</p>}
      </div>
    </div>
  );
}

/** In the profile's place when nobody is signed in. */
export function SignedOutPrompt() {
  const { t } = useTranslation();
  const nav = useNav();
  return (
    <div className={styles.signedOut}>
      <h2 className={shared.panelTitle}>{t('account.signedOut')}</h2>
      <Button fullWidth icon={<LogIn size={20} aria-hidden="true" />} onClick={() => nav.go(PATHS.login)}>
        {t('account.signIn')}
      </Button>
    </div>
  );
}
