/**
 * The active stop's buttons (spec section 2 "Active stop actions"): Directions (a link to the chosen navigation
 * app, opened outside the app), More info, and the main action: Arrived, Start route on the start stop of a route
 * not started yet, Resume work on a break, Complete route at the end stop (where the list's last row already offers
 * it, the list shows none). The rules are checked when tapped (RouteActions.tsx).
 * Two rows, so every label fits a small phone in every language without being cut: Directions and More info side
 * by side, icon beside label; the main action under them at full width, within thumb reach.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Coffee, Flag, Info, MapPinCheck, Navigation, Play } from 'lucide-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directionsUrl } from '../../../src-shared/domain/links.ts';
import type { NavigationApp } from '../../../src-shared/domain/settings.ts';
import type { Route, Stop } from '../../../src-shared/protocol/entities.ts';
import { useCore } from '../../app/core-context.tsx';
import { Button, cx } from '../../components/index.ts';
import { useSnackbarGuard } from '../../components/snackbar-guard.ts';
import { ArrivalPrompt } from './ArrivalPrompt.tsx';
import styles from './active-stop-actions.module.css';
import { useRouteActions } from './RouteActions.tsx';

export type MainAction = 'start' | 'resume' | 'arrived' | 'complete';

/** Start route on a not-started route's start stop, Resume work on a break, Complete route at the end, else Arrived. */
export function mainAction(stop: Pick<Stop, 'type'>, route: Pick<Route, 'status'>): MainAction {
  if (stop.type === 'start' && route.status !== 'in_progress' && route.status !== 'finished') return 'start';
  if (stop.type === 'break') return 'resume';
  if (stop.type === 'end') return 'complete';
  return 'arrived';
}

const MAIN = {
  start: { key: 'route.actions.startRoute', icon: Play },
  resume: { key: 'route.actions.resumeWork', icon: Coffee },
  arrived: { key: 'route.actions.arrived', icon: MapPinCheck },
  complete: { key: 'route.actions.completeRoute', icon: Flag },
} as const;

export interface ActiveStopActionsProps {
  stop: Stop;
  /** null: Directions and More info only. */
  main: MainAction | null;
  navigationApp: NavigationApp;
  /** The route is starting (the main button spins). */
  busy?: boolean;
  className?: string;
}

function ActiveStopActionsView({ stop, main, navigationApp, busy = false, className }: ActiveStopActionsProps) {
  useSignals();
  const { t } = useTranslation();
  const { api, state } = useCore();
  // The core noticed the driver is at this stop (issue 34): the prompt over the Arrived button.
  const offered = main === 'arrived' && state.arrival.value.offer?.stopId === stop.id;
  const directions = directionsUrl(navigationApp, stop.address);
  const actions = useRouteActions();
  const [resuming, setResuming] = useState(false);
  const shown = main ? MAIN[main] : null;
  // What the driver taps next: no snackbar covers it (snackbar-guard.ts).
  const guard = useSnackbarGuard();

  async function onMain() {
    if (main === 'start') return actions.start();
    if (main === 'arrived') {
      // Answered: the arrival is recorded, and the prompt does not come back for this stop (arrival-offer.ts).
      if (offered) void api.confirmArrival(stop.id);
      return actions.arrived(stop);
    }
    if (main === 'complete') return actions.complete();
    setResuming(true);
    try {
      await actions.resume(stop);
    } finally {
      setResuming(false);
    }
  }

  return (
    // A group, not a fieldset: these are actions, not form fields, and a fieldset's own box would break the grid.
    // biome-ignore lint/a11y/useSemanticElements: see above.
    <div ref={guard} role="group" aria-label={t('stop.actions.label')} className={cx(styles.actions, className)}>
      <a
        className={styles.tile}
        href={directions}
        target="_blank"
        rel="noopener noreferrer"
        // Inside a native wrapper the bridge hands these to the wrapper's navigation app (native-handoffs.ts).
        data-directions-app={navigationApp}
        data-directions-lat={stop.address.lat}
        data-directions-lng={stop.address.lng}
        onClick={(event) => actions.directions(event, stop)}
      >
        <Navigation size={20} strokeWidth={2.25} aria-hidden="true" />
        <span>{t('route.actions.directions')}</span>
      </a>
      <button type="button" className={styles.tile} onClick={() => actions.moreInfo(stop)}>
        <Info size={20} strokeWidth={2.25} aria-hidden="true" />
        <span>{t('route.actions.moreInfo')}</span>
      </button>
      {offered && <ArrivalPrompt onDismiss={() => void api.dismissArrival(stop.id)} />}
      {shown && (
        <Button
          className={styles.main}
          size="lg"
          fullWidth
          loading={busy || resuming}
          icon={<shown.icon size={22} strokeWidth={2.25} aria-hidden="true" />}
          onClick={() => void onMain()}
        >
          {t(shown.key)}
        </Button>
      )}
    </div>
  );
}

export const ActiveStopActions = memo(ActiveStopActionsView);
