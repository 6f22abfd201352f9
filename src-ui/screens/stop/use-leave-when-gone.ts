/**
 * A stop window whose stop the dispatcher removed while it was open (spec section 8, "Active stop removed while on
 * the complete screen: Stop not found."): the alert, then back to the route. A stop that was never there (a stale
 * link) shows the window's own "Stop not found." page instead.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback.tsx';
import type { StopView } from './use-stop.ts';

export function useLeaveWhenGone(status: StopView['status'], back: () => void): void {
  const { t } = useTranslation();
  const { alert } = useFeedback();
  const wasReady = useRef(false);
  const leave = useRef(back);
  leave.current = back;
  useEffect(() => {
    if (status === 'ready') {
      wasReady.current = true;
      return;
    }
    if (status !== 'missing' || !wasReady.current) return;
    wasReady.current = false;
    alert({ title: t('alerts.title'), message: t('errors.stopNotFound'), onClose: () => leave.current() });
  }, [status, alert, t]);
}
