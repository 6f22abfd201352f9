/**
 * Start route's confirmation (spec section 4): the route starts, with the position when known, once the driver
 * confirms; a start before the route's date, or a failure, is said in an alert.
 */
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCore } from '../../app/core-context.tsx';
import { useFeedback } from '../../app/feedback.tsx';
// Imported from its own file (not the kit's index): only this lazy screen uses it, so it stays in its chunk.
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { intentErrorText } from '../../i18n/errors.ts';
import { formatWeekdayDayMonth } from '../../i18n/format.ts';
import { type LatestContext, position } from './route-action-context.ts';

export interface StartRouteDialogProps {
  open: boolean;
  onClose(): void;
  latest: LatestContext;
}

function StartRouteDialogView({ open, onClose, latest }: StartRouteDialogProps) {
  const { t } = useTranslation();
  const { api } = useCore();
  const feedback = useFeedback();
  const [starting, setStarting] = useState(false);

  async function confirmStart() {
    setStarting(true);
    const result = await api.startRoute(position());
    setStarting(false);
    onClose();
    if (result.ok) return;
    if (result.error === 'start_too_early' && result.message) {
      const date = formatWeekdayDayMonth(result.message, latest.current.language);
      feedback.alert({ title: t('alerts.title'), message: t('Route.allowedStartDate', { date }) });
    } else if (result.error === 'server_message' || result.error === 'offline' || result.error === 'unknown') {
      feedback.alert({ title: t('errors.somethingWentWrong'), message: intentErrorText(result, t) });
    } else {
      latest.current.session.settle(result);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title={t('route.start.title')}
      message={t('route.start.warning')}
      confirmLabel={t('route.start.confirm')}
      cancelLabel={t('common.cancel')}
      confirmLoading={starting}
      onConfirm={() => void confirmStart()}
      onCancel={onClose}
    />
  );
}

/** Memo'd: the route view re-renders on every patch to the route, and this only when its own props change (issue 47). */
export const StartRouteDialog = memo(StartRouteDialogView);
