import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FallbackPage } from './FallbackPage.tsx';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Translated texts of the fallback page. */
  title: string;
  message: string;
  reloadLabel: string;
  /** Defaults to reloading the page. */
  onReload?: () => void;
  /** Report the error (logging); called once per caught error. */
  onError?: (error: unknown, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/** Catches render errors below it and shows FallbackPage ("Oops" / "Something went wrong"). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    const { children, title, message, reloadLabel, onReload } = this.props;
    if (!this.state.failed) return children;
    return <FallbackPage title={title} message={message} reloadLabel={reloadLabel} onReload={onReload} />;
  }
}
