/**
 * The route view's More sheet (spec section 2): the map style (in map view only), My Routes (which needs a
 * signed-in driver: on a shared link it says so and offers the sign-in), Help (the support page, outside the app)
 * and Account.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { LifeBuoy, Route, UserRound, X } from 'lucide-react';
import { memo, useId, useRef } from 'react';
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

function MoreSheetView({ open, onClose }: { open: boolean; onClose: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const { state } = useCore();
  const nav = useNav();
  const titleId = useId();
  const closeRef = useRef<(() => void) | null>(null);
  const close = () => closeRef.current?.();
  const supportUrl = state.appConfig.value?.supportUrl;
  const signIn = useSignInAfterClose(onClose, close);

  const header = (
    <div className={styles.sheetBar}>
      <h2 id={titleId} className={styles.sheetTitle}>
        {t('route.more.title')}
      </h2>
      <IconButton icon={X} label={t('common.close')} onClick={close} />
    </div>
  );

  return (
    <BottomSheet
      open={open}
      onClose={signIn.closed}
      titleId={titleId}
      header={header}
      closeRef={(closeSheet) => {
        closeRef.current = closeSheet;
      }}
    >
      <div className={styles.sheetBody}>
        {state.settings.value.mapView === 'on' && <MapThemeChoice />}
        <ListSection>
          <ListRow icon={Route} label={t('route.more.myRoutes')} onClick={signIn.myRoutes} />
          {supportUrl && (
            <ListRow
              icon={LifeBuoy}
              label={t('route.more.help')}
              href={supportUrl}
              target="_blank"
              rel="noopener noreferrer"
              trailing="external"
              onClick={close}
            />
          )}
          <ListRow icon={UserRound} label={t('route.more.account')} onClick={() => nav.go(PATHS.account)} />
        </ListSection>
      </div>
    </BottomSheet>
  );
}

/**
 * My Routes needs a signed-in driver: on a shared link the sheet closes first and then asks to sign in, so the two
 * modal layers never overlap (the alert waits until the sheet has gone).
 */
function useSignInAfterClose(onClose: () => void, closeSheet: () => void) {
  const { t } = useTranslation();
  const { state } = useCore();
  const { alert } = useFeedback();
  const nav = useNav();
  const askSignIn = useRef(false);
  return {
    myRoutes() {
      if (state.session.value.driver !== null) return nav.go(PATHS.routes);
      askSignIn.current = true;
      closeSheet();
    },
    closed() {
      onClose();
      if (!askSignIn.current) return;
      askSignIn.current = false;
      alert({
        title: t('alerts.title'),
        message: t('alerts.signInToSeeRoutes'),
        buttonLabel: t('account.signIn'),
        onClose: () => nav.go(PATHS.login),
      });
    },
  };
}

/** The map's style, in map view only: chosen here, kept as the driver's setting. */
function MapThemeChoice() {
  useSignals();
  const { t } = useTranslation();
  const { api, state } = useCore();
  return (
    <RadioList<MapTheme>
      label={t('route.more.mapStyle')}
      showLabel
      options={MAP_THEMES.map((value) => ({ value, label: t(`settings.options.mapTheme.${value}`) }))}
      value={shownMapTheme(state.settings.value)}
      onChange={(value) => {
        if (chooseMapTheme(state.settings.peek(), value))
          void chooseSetting(api, state.settings.peek(), 'mapTheme', value);
      }}
    />
  );
}

/** Memo'd: the route view re-renders on every patch to the route, and this only when its own props change (issue 47). */
/**
 * Nothing while closed (the sheet itself renders nothing then, and is closed by the time `open` goes false): the
 * closed sheet does not follow the location or the settings for the route view's navigations (issue 47).
 */
export const MoreSheet = memo(function MoreSheet(props: { open: boolean; onClose: () => void }) {
  return props.open ? <MoreSheetView {...props} /> : null;
});
