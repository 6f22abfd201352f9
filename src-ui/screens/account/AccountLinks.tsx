/**
 * The account screen's rows: Not saved (only while completions are parked), My Routes (signed in only), Settings,
 * About, and Sign out (signed in only).
 */
import { CloudAlert, Info, LogOut, Route, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PATHS } from '../../app/paths.ts';
import { ListRow, ListSection } from '../../components/index.ts';
import { useNav } from '../shared/navigation.ts';
import styles from './account.module.css';
import type { SignOut } from './use-sign-out.ts';

export interface AccountLinksProps {
  signedIn: boolean;
  /** Completions the server refused, parked on the phone. */
  notSaved: number;
  signOut: SignOut;
}

export function AccountLinks({ signedIn, notSaved, signOut }: AccountLinksProps) {
  const { t } = useTranslation();
  const nav = useNav();
  return (
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
            disabled={signOut.signingOut}
            // What waits on the phone is kept and sent at the driver's next sign-in: said before they go.
            onClick={signOut.request}
          />
        </ListSection>
      )}
    </div>
  );
}
