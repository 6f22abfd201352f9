/**
 * The route view's More sheet (spec section 2): the map style (in map view only), My Routes (which needs a
 * signed-in driver: on a shared link it says so and offers the sign-in), Help (the support page, outside the app)
 * and Account.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { LifeBuoy, Route, UserRound, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_THEMES, type MapTheme } from '../../../src-shared/domain/settings.ts';
import { useCore } from '../../app/core-context.tsx';
import { useFeedback } from '../../app/feedback.tsx';
import { PATHS } from '../../app/paths.ts';
// Imported directly (not through the kit's index), so the sheet stays in this lazy screen's chunk.
import { BottomSheet } from '../../components/BottomSheet.tsx';
import { IconButton, ListRow, ListSection } from '../../components/index.ts';
import { RadioList } from '../../components/RadioList.tsx';
import { chooseSetting } from '../../platform/platform.ts';
import { useNav } from '../shared/navigation.ts';
import { chooseMapTheme, shownMapTheme } from './map-theme.ts';
import styles from './route-view.module.css';

export function MoreSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const { api, state } = useCore();
  const { alert } = useFeedback();
  const nav = useNav();
  const titleId = useId();
  const closeRef = useRef<(() => void) | null>(null);
  const settings = state.settings.value;
  const supportUrl = state.appConfig.value?.supportUrl;
  const signedIn = state.session.value.driver !== null;
  /** The sign-in alert waits until the sheet has gone, so the two modal layers never overlap. */
  const askSignIn = useRef(false);

  function myRoutes() {
    if (signedIn) return nav.go(PATHS.routes);
    askSignIn.current = true;
    closeRef.current?.();
  }

  function closed() {
    onClose();
    if (!askSignIn.current) return;
    askSignIn.current = false;
    alert({
      title: t('alerts.title'),
      message: t('alerts.signInToSeeRoutes'),
      buttonLabel: t('account.signIn'),
      onClose: () => nav.go(PATHS.login),
    });
  }

  const header = (
    <div className={styles.sheetBar}>
      <h2 id={titleId} className={styles.sheetTitle}>
        {t('route.more.title')}
      </h2>
      <IconButton icon={X} label={t('common.close')} onClick={() => closeRef.current?.()} />
    </div>
  );

  return (
    <BottomSheet
      open={open}
      onClose={closed}
      titleId={titleId}
      header={header}
      closeRef={(close) => {
        closeRef.current = close;
      }}
    >
      <div className={styles.sheetBody}>
        {settings.mapView === 'on' && (
          <RadioList<MapTheme>
            label={t('route.more.mapStyle')}
            showLabel
            options={MAP_THEMES.map((value) => ({ value, label: t(`settings.options.mapTheme.${value}`) }))}
            value={shownMapTheme(settings)}
            onChange={(value) => {
              if (chooseMapTheme(state.settings.peek(), value))
                void chooseSetting(api, state.settings.peek(), 'mapTheme', value);
            }}
          />
        )}
        <ListSection>
          <ListRow icon={Route} label={t('route.more.myRoutes')} onClick={myRoutes} />
          {supportUrl && (
            <ListRow
              icon={LifeBuoy}
              label={t('route.more.help')}
              href={supportUrl}
              target="_blank"
              rel="noopener noreferrer"
              trailing="external"
              onClick={() => closeRef.current?.()}
            />
          )}
          <ListRow icon={UserRound} label={t('route.more.account')} onClick={() => nav.go(PATHS.account)} />
        </ListSection>
      </div>
    </BottomSheet>
  );
}
