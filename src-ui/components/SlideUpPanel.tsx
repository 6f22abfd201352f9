import type { ReactNode } from 'react';
import styles from './SlideUpPanel.module.css';

export interface SlideUpPanelProps {
  /** Top bar over the brand backdrop, usually <TopBar variant="transparent" sticky={false} ... />. */
  header?: ReactNode;
  /** The logo area, e.g. <Logo size={72} variant="inverse" />. */
  logo?: ReactNode;
  /** The sheet's scrolling content. */
  children: ReactNode;
  /** Pinned to the sheet's bottom above the safe area (primary actions). */
  footer?: ReactNode;
  /** A smaller logo area, for tall content such as the account screen. */
  compact?: boolean;
}

/**
 * The shell shared by /login, /reset-password, /account and /about: a brand backdrop with the logo, and a white
 * sheet that slides up once when mounted: the screen's main landmark. Keep it mounted across those routes so it does not slide in again.
 */
export function SlideUpPanel({ header, logo, children, footer, compact = false }: SlideUpPanelProps) {
  return (
    <div className={styles.shell}>
      <div className={styles.top}>
        {header}
        <div className={compact ? styles.logoCompact : styles.logo}>{logo}</div>
      </div>
      <main className={styles.sheet}>
        <div className={styles.scroll}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </main>
    </div>
  );
}
