/**
 * Where lazy code may be missing (issue 45): a screen or a part whose chunk could not be fetched (retryable-lazy.ts
 * marks that error) is shown in place as "not loaded yet", in the app's frame: a screen keeps a top bar with the way
 * back. The boundary tries again by itself when the signal is back (the core's connectivity turning online, which the
 * platform layer feeds: platform.ts watchConnectivity), on Try again, and when the driver goes to another path; each retry renders the children with fresh lazy components, so the screen appears with
 * no reload. Any other error passes on to the app's error page (App.tsx), as before.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import { WifiOff } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectivityState } from '../../src-shared/state/app-state.ts';
import { Button, EmptyState, TopBar } from '../components/index.ts';
import { useNav } from '../screens/shared/navigation.ts';
import styles from './code-boundary.module.css';
import { useCore } from './core-context.tsx';
import { isCodeUnavailable, renewFailedLoads } from './retryable-lazy.ts';

interface CodeBoundaryProps {
  children: ReactNode;
  /** A whole screen (with a top bar and `backTo`) or a part of one (with `onClose` where it can be closed). */
  kind: 'screen' | 'part';
  /** The screen's way back. */
  backTo?: string;
  onClose?: () => void;
  /** When it changes (the path, say), the boundary tries again. */
  resetKey?: unknown;
}

interface CodeBoundaryState {
  error: unknown;
}

export class CodeBoundary extends Component<CodeBoundaryProps, CodeBoundaryState> {
  override state: CodeBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): CodeBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isCodeUnavailable(error)) console.warn('code not loaded', error, info.componentStack);
  }

  override componentDidUpdate(previous: CodeBoundaryProps): void {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.retry();
  }

  retry = (): void => {
    renewFailedLoads();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // A real bug: the app's error page, as before.
    if (!isCodeUnavailable(error)) throw error;
    const { kind, backTo, onClose } = this.props;
    return <CodeUnavailable kind={kind} backTo={backTo} onClose={onClose} onRetry={this.retry} />;
  }
}

interface CodeUnavailableProps {
  kind: 'screen' | 'part';
  backTo?: string;
  onClose?: () => void;
  onRetry: () => void;
}

/**
 * Calls `then` each time the core's connectivity goes from offline to online; returns the unsubscribe. A subscription,
 * not a render's read: an offline that is over before React renders again still counts.
 */
function whenBackOnline(connectivity: ReadonlySignal<ConnectivityState>, then: () => void): () => void {
  let wasOnline = connectivity.peek().online;
  return connectivity.subscribe(({ online }) => {
    if (online && !wasOnline) then();
    wasOnline = online;
  });
}

/** "Not loaded yet": what happened, that it opens by itself with the signal back, and Try again. */
function CodeUnavailable({ kind, backTo, onClose, onRetry }: CodeUnavailableProps) {
  const { t } = useTranslation();
  const nav = useNav();
  const { state } = useCore();
  // The app hears the browser's online/offline in its platform layer only (issue 46); here, through the core's state.
  useEffect(() => whenBackOnline(state.connectivity, onRetry), [state, onRetry]);

  const message = (
    <EmptyState
      icon={WifiOff}
      title={t('errors.codeMissing.title')}
      text={t(kind === 'screen' ? 'errors.codeMissing.screen' : 'errors.codeMissing.part')}
      headingLevel={kind === 'screen' ? 1 : 2}
      action={
        <div className={styles.actions}>
          <Button variant="secondary" fullWidth onClick={onRetry}>
            {t('errors.codeMissing.retry')}
          </Button>
          {onClose && (
            <Button variant="text" fullWidth onClick={onClose}>
              {t('common.close')}
            </Button>
          )}
        </div>
      }
    />
  );
  if (kind === 'part') {
    return (
      <div className={styles.part} role="status" data-code-missing="">
        {message}
      </div>
    );
  }
  return (
    <div className={styles.screen} data-code-missing="">
      {backTo && <TopBar backLabel={t('common.a11y.back')} onBack={() => nav.back(backTo)} screen={false} />}
      <main className={styles.main} role="status">
        {message}
      </main>
    </div>
  );
}
