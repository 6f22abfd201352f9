/** /account/settings: one row per setting with its current value, each opening that setting's picker. */
import { useSignals } from '@preact/signals-react/runtime';
import { ALargeSmall, Languages, type LucideIcon, Map as MapIcon, Navigation, Ruler, SunMoon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useCore } from '../../app/core-context.tsx';
import { PATHS, SETTING_PAGES, type SettingPage } from '../../app/paths.ts';
import { ListRow, ListSection, TopBar } from '../../components/index.ts';
import { useNav } from '../shared/navigation.ts';
import { optionLabelKey, PAGE_SETTING, rowLabelKey } from './setting-pages.ts';
import styles from './settings.module.css';

const ICONS: Record<SettingPage, LucideIcon> = {
  language: Languages,
  navigation: Navigation,
  'distance-units': Ruler,
  'map-view': MapIcon,
  theme: SunMoon,
  'high-visibility': ALargeSmall,
};

export function SettingsScreen() {
  useSignals();
  const { t } = useTranslation();
  const { state } = useCore();
  const nav = useNav();
  const settings = state.settings.value;

  return (
    <div className={styles.page}>
      <TopBar title={t('settings.title')} backLabel={t('common.a11y.back')} onBack={() => nav.back(PATHS.account)} />
      <main className={styles.content}>
        <ListSection>
          {SETTING_PAGES.map((page) => {
            const key = PAGE_SETTING[page];
            return (
              <Link key={page} href={PATHS.setting(page)} state={nav.linkState} asChild>
                <ListRow icon={ICONS[page]} label={t(rowLabelKey(key))} value={t(optionLabelKey(key, settings[key]))} />
              </Link>
            );
          })}
        </ListSection>
      </main>
    </div>
  );
}
