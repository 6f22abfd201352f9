import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { cx } from './cx.ts';
import { IconButton } from './IconButton.tsx';
import { useSnackbarGuard } from './snackbar-guard.ts';
import styles from './TopBar.module.css';
import { useScreenTitle } from './use-screen-title.ts';

type TopBarVariant = 'surface' | 'brand' | 'transparent';

export interface TopBarProps {
  /** Translated title; rendered as the page's h1. May be omitted (e.g. on the slide-up panel). */
  title?: string;
  /** Shows a back arrow with this translated accessible name. */
  backLabel?: string;
  onBack?: () => void;
  /** Right-hand slot, usually one IconButton. */
  action?: ReactNode;
  /** surface: white bar with a divider; brand: brand bar; transparent: for the slide-up panel's brand backdrop. */
  variant?: TopBarVariant;
  /** Sticks to the top of the scrolling page (default true). */
  sticky?: boolean;
  /**
   * The bar heads a screen (default: when it has a title): the page title names it, with `subject` (what the screen
   * is about, e.g. the stop), and its heading takes the focus when the screen appears. False for a dialog's bar.
   */
  screen?: boolean;
  subject?: string;
}

/** The screen header: 56 px plus the top safe area. */
export function TopBar(props: TopBarProps) {
  const { title, backLabel, onBack, action, variant = 'surface', sticky = true, subject } = props;
  const onBrand = variant !== 'surface';
  const heading = useRef<HTMLHeadingElement>(null);
  const screen = props.screen ?? Boolean(title);
  useScreenTitle(screen ? [title, subject].filter(Boolean).join(' – ') : null, heading);
  // Snackbars stay below the header (snackbar-guard.ts).
  const ceiling = useSnackbarGuard('ceiling');
  return (
    <header ref={ceiling} className={cx(styles.bar, styles[variant], sticky && styles.sticky)}>
      <div className={styles.inner}>
        {backLabel && onBack ? (
          <IconButton label={backLabel} icon={ArrowLeft} variant={onBrand ? 'onBrand' : 'plain'} onClick={onBack} />
        ) : (
          <span className={styles.spacer} />
        )}
        {title ? (
          <h1 ref={heading} tabIndex={-1} className={styles.title}>
            {title}
          </h1>
        ) : (
          <span className={styles.title} />
        )}
        {action ? <div className={styles.action}>{action}</div> : <span className={styles.spacer} />}
      </div>
    </header>
  );
}
