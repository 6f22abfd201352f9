import { TriangleExclamationPoint } from 'lucide-react';
import { Button } from './Button.tsx';
import { EmptyState } from './EmptyState.tsx';
import styles from './FallbackPage.module.css';

export interface FallbackPageProps {
  /** Translated, e.g. "Oops". */
  title: string;
  /** Translated, e.g. "Something went wrong". */
  message: string;
  /** Translated reload button label. */
  reloadLabel: string;
  /** Defaults to reloading the page. */
  onReload?: () => void;
}

/** The whole-screen error page shown by ErrorBoundary. */
export function FallbackPage({ title, message, reloadLabel, onReload }: FallbackPageProps) {
  return (
    <main className={styles.page}>
      <EmptyState
        icon={TriangleExclamationPoint}
        title={title}
        text={message}
        headingLevel={1}
        action={
          <Button variant="primary" fullWidth onClick={onReload ?? (() => window.location.reload())}>
            {reloadLabel}
          </Button>
        }
      />
    </main>
  );
}
