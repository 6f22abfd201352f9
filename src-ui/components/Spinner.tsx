import { LoaderCircle } from 'lucide-react';
import { cx } from './cx.ts';
import styles from './Spinner.module.css';

type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  /** sm 20 px, md 24 px, lg 40 px. */
  size?: SpinnerSize;
  /** Translated text for assistive tech; without it the spinner is decorative (aria-hidden). */
  label?: string;
  className?: string;
}

const pixels: Record<SpinnerSize, number> = { sm: 20, md: 24, lg: 40 };

/** A rotating ring in the current text colour. */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const icon = <LoaderCircle className={styles.icon} size={pixels[size]} strokeWidth={2.5} aria-hidden="true" />;
  if (!label) return <span className={cx(styles.spinner, className)}>{icon}</span>;
  return (
    <span className={cx(styles.spinner, className)} role="img" aria-label={label}>
      {icon}
    </span>
  );
}
