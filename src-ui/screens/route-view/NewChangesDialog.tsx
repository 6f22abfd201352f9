/**
 * New Changes (spec sections 2, 4 and 8): the dispatcher republished the route or gave it to another driver while it
 * was open. Refresh loads the route again; when it is gone (a 404), the spec's way out follows: the link's data is
 * cleared, the route list is reloaded, and the driver lands on the account (or the sign-in). Later closes the
 * dialog until the next change.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCore } from '../../app/core-context.tsx';
// Imported from its own file (not the kit's index): only this lazy screen uses it.
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useRouteState } from '../shared/use-route-state.ts';
import type { RouteSession } from './use-route-session.ts';

const MESSAGE_KEYS = {
  republished: 'route.changes.republished',
  driver_changed: 'route.changes.driverChanged',
} as const;

function NewChangesDialogView({ routeId, session }: { routeId: number; session: Pick<RouteSession, 'settle'> }) {
  useSignals();
  const { t } = useTranslation();
  const { api, state } = useCore();
  const [refreshing, setRefreshing] = useState(false);
  const frame = useRouteState().frame.value;
  const changes = frame?.routeId === routeId ? frame.changes : null;

  async function refresh() {
    setRefreshing(true);
    const result = await api.refreshRoute();
    setRefreshing(false);
    if (result.ok) return;
    // The route went away with the change: the list the driver goes back to must not offer it any more.
    if (state.session.peek().status === 'signed_in') void api.loadRouteList({ refresh: true });
    session.settle(result);
  }

  return (
    <ConfirmDialog
      open={changes !== null}
      title={t('dialogs.newChanges.title')}
      message={changes ? t(MESSAGE_KEYS[changes]) : ''}
      confirmLabel={t('dialogs.newChanges.refresh')}
      cancelLabel={t('dialogs.newChanges.later')}
      confirmLoading={refreshing}
      dismissible={false}
      onConfirm={() => void refresh()}
      onCancel={() => void api.dismissChanges()}
    />
  );
}

/** Memo'd: the route view re-renders on every patch to the route, and this only when its own props change (issue 47). */
export const NewChangesDialog = memo(NewChangesDialogView);
