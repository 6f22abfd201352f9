/**
 * /about (spec section 2, About): the logo, the version with its release date, the copyright line, and the
 * terms of service and privacy policy, opened outside the app.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { FileText, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../src-shared/domain/settings.ts';
import { APP_RELEASE_DATE, APP_VERSION } from '../../../src-shared/domain/version.ts';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
import { ListRow, ListSection, Logo, TopBar } from '../../components/index.ts';
import { formatLongDate, toDate } from '../../i18n/format.ts';
import { useNav } from '../shared/navigation.ts';
import { PanelScreen } from '../shared/PanelScreen.tsx';
import shared from '../shared/shared.module.css';
import styles from './about.module.css';

/** External pages open in the browser, never inside the app (inside a native wrapper, the wrapper opens them: native-handoffs.ts). */
const EXTERNAL = { target: '_blank', rel: 'noopener noreferrer' } as const;

export function AboutScreen() {
  useSignals();
  const { t, i18n } = useTranslation();
  const { state } = useCore();
  const nav = useNav();
  const config = state.appConfig.value;
  const language = (i18n.resolvedLanguage ?? 'en') as Language;
  const released = formatLongDate(APP_RELEASE_DATE, language);

  return (
    <PanelScreen
      header={
        <TopBar
          variant="transparent"
          sticky={false}
          title={t('about.title')}
          backLabel={t('common.a11y.back')}
          onBack={() => nav.back(PATHS.account)}
        />
      }
      logo={<Logo size={88} variant="inverse" title={t('common.a11y.logo')} />}
    >
      <div className={styles.identity}>
        <h2 className={shared.panelTitle}>{t('common.appName')}</h2>
        <p className={styles.version}>{t('about.version', { version: APP_VERSION, date: released })}</p>
        <p className={styles.copyright}>{t('about.copyright', { year: toDate(APP_RELEASE_DATE).getFullYear() })}</p>
      </div>
      {config && (
        <div className={styles.rows}>
          <ListSection>
            <ListRow
              icon={FileText}
              label={t('about.terms')}
              href={config.termsUrl}
              trailing="external"
              {...EXTERNAL}
            />
            <ListRow
              icon={ShieldCheck}
              label={t('about.privacy')}
              href={config.privacyUrl}
              trailing="external"
              {...EXTERNAL}
            />
          </ListSection>
        </div>
      )}
    </PanelScreen>
  );
}
