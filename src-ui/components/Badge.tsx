import type { LucideIcon } from 'lucide-react';
import styles from './Badge.module.css';
import { cx } from './cx.ts';

type BadgeTone = 'neutral' | 'brand' | 'info' | 'success' | 'warning' | 'danger' | 'early' | 'late';

export interface BadgeProps {
  /** Translated text, e.g. "Unsent", "Offline". */
  label: string;
  tone?: BadgeTone;
  icon?: LucideIcon;
  /** solid for strong states (e.g. offline in a header); subtle (default) inside rows. */
  emphasis?: 'subtle' | 'solid';
  className?: string;
}

/** A small status chip; colour always comes with text (and ideally an icon). */
export function Badge({ label, tone = 'neutral', icon: Icon, emphasis = 'subtle', className }: BadgeProps) {
  return (
    <span className={cx(styles.badge, styles[tone], emphasis === 'solid' && styles.solid, className)}>
      {Icon && <Icon size={16} strokeWidth={2.5} aria-hidden="true" />}
      {label}
    </span>
  );
}
