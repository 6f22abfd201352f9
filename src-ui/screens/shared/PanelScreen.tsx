/**
 * The slide-up panel as the /login, /reset-password, /account and /about screens use it. Each of those routes
 * mounts its own panel; when the driver moves from one of them straight to another, the sheet stays where it is
 * instead of sliding in again, so the four read as one surface. Snackbars sit above the pinned footer, so a
 * lasting one (No internet connection) never covers the primary button.
 */
import { useEffect, useRef, useState } from 'react';
import { SlideUpPanel, type SlideUpPanelProps } from '../../components/index.ts';
import { usePinnedFooter } from '../../components/snackbar-clearance.ts';
import styles from './shared.module.css';

/** A panel screen mounted this soon after another one left replaced it (one navigation, not a new visit). */
const SWITCH_WINDOW_MS = 500;
let lastPanelLeftAt = Number.NEGATIVE_INFINITY;

export interface PanelScreenProps extends SlideUpPanelProps {
  /** The panel is on screen already (the page's first paint showed it): it does not slide in. */
  inPlace?: boolean;
}

export function PanelScreen({ footer, inPlace = false, ...props }: PanelScreenProps) {
  const [still] = useState(() => inPlace || performance.now() - lastPanelLeftAt < SWITCH_WINDOW_MS);
  const footerRef = useRef<HTMLDivElement>(null);
  const hasFooter = Boolean(footer);

  useEffect(
    () => () => {
      lastPanelLeftAt = performance.now();
    },
    [],
  );

  // The footer adds its top padding and border around this content; a small gap keeps the two apart.
  usePinnedFooter(footerRef, hasFooter, (px) => `calc(${px}px + var(--space-3) + var(--space-2))`);

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
