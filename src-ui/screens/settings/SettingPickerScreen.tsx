/**
 * /account/settings/{language|navigation|distance-units|map-view|theme|high-visibility}: one option picker. Choosing the current option
 * does nothing; another one is written to its cookie, given to the core, and the driver returns to Settings.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import type { Settings } from '../../../src-shared/domain/settings.ts';
import { useCore } from '../../app/core-context.tsx';
import { PATHS } from '../../app/paths.ts';
import { TopBar } from '../../components/index.ts';
import { OptionPicker } from '../../components/RadioList.tsx';
import { chooseSetting } from '../../platform/platform.ts';
import { useNav } from '../shared/navigation.ts';
import {
  isSettingPage,
  optionLabelKey,
  optionsFor,
  PAGE_SETTING,
  type PickerSetting,
  rowLabelKey,
} from './setting-pages.ts';
import styles from './settings.module.css';

export function SettingPickerScreen({ page }: { page: string }) {
  useSignals();
  const { t } = useTranslation();
  const { api, state } = useCore();
  const nav = useNav();
  const choosing = useRef(false);
  const settings = state.settings.value;

  if (!isSettingPage(page)) return <Redirect to={PATHS.settings} replace />;
  const key = PAGE_SETTING[page];
  const title = t(rowLabelKey(key));
  const options = optionsFor(key).map((value) => ({ value, label: t(optionLabelKey(key, value)) }));

  async function choose(value: Settings[PickerSetting]) {
    if (choosing.current) return;
    choosing.current = true;
    try {
      await chooseSetting(api, state.settings.peek(), key, value);
    } finally {
      choosing.current = false;
    }
    nav.back(PATHS.settings);
  }

  return (
    <div className={styles.page}>
      <TopBar title={title} backLabel={t('common.a11y.back')} onBack={() => nav.back(PATHS.settings)} />
      <main className={styles.content}>
        <OptionPicker label={title} options={options} value={settings[key]} onChange={choose} />
      </main>
    </div>
  );
}
