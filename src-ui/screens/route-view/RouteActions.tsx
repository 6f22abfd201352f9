/**
 * What the route view's buttons do (spec sections 2, 4, 5, 8): each stop action first asks the rules
 * (actionBlock) and shows the driver alert instead when they refuse; Start route asks first and starts with the
 * position when known; Resume work finishes the break; Complete route finishes the route behind a loading display
 * of at least 2 s. The handlers are one stable object in a context, so memoized rows never re-render for them
 * (route-action-handlers.ts); Complete route is use-finish-route.ts, Start route's confirmation StartRouteDialog.
 */
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCore } from '../../app/core-context.tsx';
// Imported from its own file (not the kit's index): only this lazy screen uses it, so it stays in its chunk.
import { LoadingOverlay } from '../../components/LoadingOverlay.tsx';
import { useLatestActionContext } from './route-action-context.ts';
import { type RouteActionHandlers, routeActionHandlers } from './route-action-handlers.ts';
import { StartRouteDialog } from './StartRouteDialog.tsx';
import { useFinishRoute } from './use-finish-route.ts';
import type { RouteSession } from './use-route-session.ts';

const ActionsContext = createContext<RouteActionHandlers | null>(null);

export function useRouteActions(): RouteActionHandlers {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('useRouteActions() outside <RouteActionsProvider>');
  return actions;
}

const FINISH_MIN_MS = 2000;

export interface RouteActionsProviderProps {
  /** /routes/{id} or /routes/single/{id}: the stop windows live under it. */
  base: string;
  session: Pick<RouteSession, 'settle'>;
  children: ReactNode;
}

export function RouteActionsProvider({ base, session, children }: RouteActionsProviderProps) {
  const { t } = useTranslation();
  const { api, state } = useCore();
  const [confirming, setConfirming] = useState(false);
  const closeStart = useCallback(() => setConfirming(false), []);
  const latest = useLatestActionContext(base, session);
  const { finish, finishing, onHidden } = useFinishRoute(latest);
  const actions = useMemo(
    () => routeActionHandlers({ api, state, latest, finish, confirmStart: () => setConfirming(true) }),
    [api, state, latest, finish],
  );

  return (
    <ActionsContext.Provider value={actions}>
      {children}
      <StartRouteDialog open={confirming} onClose={closeStart} latest={latest} />
      <LoadingOverlay visible={finishing} label={t('route.finishing')} minMs={FINISH_MIN_MS} onHidden={onHidden} />
    </ActionsContext.Provider>
  );
}
