/**
 * The slide-up panel as the /login, /reset-password, /account and /about screens use it. Each of those routes
 * mounts its own panel; when the driver moves from one of them straight to another, the sheet stays where it is
 * instead of sliding in again, so the four read as one surface. Snackbars sit above the pinned footer, so a
 * lasting one (No internet connection) never covers the primary button.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { SlideUpPanel, type SlideUpPanelProps } from '../../components/index.ts';
import styles from './shared.module.css';

/** A panel screen mounted this soon after another one left replaced it (one navigation, not a new visit). */
const SWITCH_WINDOW_MS = 500;
let lastPanelLeftAt = Number.NEGATIVE_INFINITY;

/** The snackbar host's bottom offset (see SnackbarHost), inherited from <body> where the host is portalled. */
const SNACKBAR_OFFSET = '--snackbar-offset';

export function PanelScreen({ footer, ...props }: SlideUpPanelProps) {
  const [still] = useState(() => performance.now() - lastPanelLeftAt < SWITCH_WINDOW_MS);
  const footerRef = useRef<HTMLDivElement>(null);
  const hasFooter = Boolean(footer);

  useEffect(
    () => () => {
      lastPanelLeftAt = performance.now();
    },
    [],
  );

  useLayoutEffect(() => {
    const content = footerRef.current;
    if (!hasFooter || !content) return;
    const body = document.body.style;
    // The footer adds its top padding and border around this content; a small gap keeps the two apart.
    const apply = () =>
      body.setProperty(SNACKBAR_OFFSET, `calc(${content.offsetHeight}px + var(--space-3) + var(--space-2))`);
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(content);
    return () => {
      observer.disconnect();
      body.removeProperty(SNACKBAR_OFFSET);
    };
  }, [hasFooter]);

  return (
    <div className={still ? styles.still : styles.contents}>
      <SlideUpPanel
        {...props}
        footer={
          footer && (
            <div ref={footerRef} className={styles.footer}>
              {footer}
            </div>
          )
        }
      />
    </div>
  );
}
