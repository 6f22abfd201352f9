/**
 * App-wide feedback: snackbars and the one-button alert. Screens call useFeedback(); the core's notices (e.g.
 * "You have been logged out automatically", "No internet connection") arrive through the state and are shown
 * here, and dismissing one tells the core.
 */
import { useSignals } from '@preact/signals-react/runtime';
import {
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice, NoticeKind } from '../../src-shared/state/app-state.ts';
import {
  AlertDialog,
  SNACKBAR_DURATION_MS,
  SNACKBAR_UPDATE_DURATION_MS,
  SnackbarHost,
  type SnackbarItem,
  useSnackbarQueue,
} from '../components/index.ts';
import { noticeText } from '../i18n/errors.ts';
import { withRouteMessages } from '../i18n/index.ts';
import { CodeBoundary } from './CodeBoundary.tsx';
import { useCore } from './core-context.tsx';
import { retryableLazy } from './retryable-lazy.ts';

const RefusalAlert = retryableLazy(() => withRouteMessages(import('./RefusalAlert.tsx')));

export interface AlertRequest {
  title?: string;
  message: ReactNode;
  buttonLabel?: string;
  onClose?: () => void;
}

export interface Feedback {
  snackbar(item: Omit<SnackbarItem, 'durationMs' | 'tone'> & Partial<Pick<SnackbarItem, 'durationMs' | 'tone'>>): void;
  alert(request: AlertRequest): void;
  /** Hides a snackbar (shown or waiting) whose reason has gone. */
  dismiss(id: string): void;
}

const FeedbackContext = createContext<Feedback | null>(null);

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback() outside <FeedbackProvider>');
  return feedback;
}

const NOTICE_STYLE: Record<NoticeKind, Pick<SnackbarItem, 'tone' | 'durationMs'>> = {
  logged_out_automatically: { tone: 'warning', durationMs: SNACKBAR_DURATION_MS },
  // Stays while offline; the core removes the notice when the connection is back.
  no_internet: { tone: 'warning', durationMs: null },
  app_updated: { tone: 'success', durationMs: SNACKBAR_UPDATE_DURATION_MS },
  server_message: { tone: 'danger', durationMs: SNACKBAR_DURATION_MS },
  // Shown as an alert instead (below): the driver must read which stop was not saved and why.
  completion_refused: { tone: 'danger', durationMs: null },
  route_updated: { tone: 'info', durationMs: SNACKBAR_DURATION_MS },
  completion_kept_removed_stop: { tone: 'info', durationMs: SNACKBAR_DURATION_MS },
};

const noticeId = (notice: Notice) => `notice-${notice.id}`;

export function FeedbackProvider({ children }: { children: ReactNode }) {
  useSignals();
  const { t } = useTranslation();
  const { api, state } = useCore();
  const [queue, controls] = useSnackbarQueue();
  const [alert, setAlert] = useState<AlertRequest | null>(null);
  const shown = useRef(new Map<string, number>());
  const notices = state.notices.value;

  // Core notices in, as snackbars; a notice the core dropped leaves the screen too.
  useEffect(() => {
    const live = new Set(notices.map(noticeId));
    for (const notice of notices) {
      if (notice.kind === 'completion_refused') continue;
      const id = noticeId(notice);
      if (shown.current.has(id)) continue;
      shown.current.set(id, notice.id);
      controls.show({ id, text: noticeText(notice, t), ...NOTICE_STYLE[notice.kind] });
    }
    for (const id of [...shown.current.keys()]) {
      if (live.has(id)) continue;
      shown.current.delete(id);
      controls.dismiss(id);
    }
  }, [notices, controls, t]);

  const onDismiss = useCallback(
    (id: string) => {
      controls.dismiss(id);
      const coreId = shown.current.get(id);
      if (coreId !== undefined) void api.dismissNotice(coreId);
    },
    [controls, api],
  );

  const feedback = useMemo<Feedback>(
    () => ({
      snackbar: (item) => controls.show({ tone: 'neutral', durationMs: SNACKBAR_DURATION_MS, ...item }),
      alert: setAlert,
      dismiss: controls.dismiss,
    }),
    [controls],
  );

  const closeAlert = () => {
    alert?.onClose?.();
    setAlert(null);
  };

  // A completion the server refused for good comes first (RefusalAlert.tsx): what follows from it (the route gone,
  // say) makes sense only after the driver has read which stop was not saved.
  const refusal = notices.find((n) => n.kind === 'completion_refused');

  return (
    <FeedbackContext.Provider value={feedback}>
      {children}
      <SnackbarHost queue={queue} onDismiss={onDismiss} dismissLabel={t('common.a11y.dismiss')} />
      {refusal && (
        <CodeBoundary kind="part">
          <Suspense fallback={null}>
            <RefusalAlert key={refusal.id} notice={refusal} />
          </Suspense>
        </CodeBoundary>
      )}
      {/* Only while open (a closed dialog draws nothing): the snackbars' renders do not reach it. */}
      {alert !== null && !refusal && (
        <AlertDialog
          open
          title={alert.title ?? ''}
          message={alert.message}
          buttonLabel={alert.buttonLabel ?? t('common.ok')}
          onButton={closeAlert}
        />
      )}
    </FeedbackContext.Provider>
  );
}
