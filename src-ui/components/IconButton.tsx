import type { LucideIcon } from 'lucide-react';
import { type ButtonHTMLAttributes, memo } from 'react';
import { cx } from './cx.ts';
import styles from './IconButton.module.css';

type IconButtonVariant = 'plain' | 'tonal' | 'raised' | 'onBrand';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label'> {
  /** Translated accessible name; required because the button shows no text. */
  label: string;
  icon: LucideIcon;
  /** plain: bare icon; tonal: tinted circle; raised: white circle with shadow (map controls); onBrand: white on brand. */
  variant?: IconButtonVariant;
}

/**
 * A 48 px round touch target holding one 24 px icon. Memoized: a header or a carousel re-rendered for its text passes
 * the same icon, name and handler, and the button with its icon stays as it is (issue 47).
 */
export const IconButton = memo(function IconButton({
  label,
  icon: Icon,
  variant = 'plain',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button {...rest} type={type} aria-label={label} className={cx(styles.button, styles[variant], className)}>
      <Icon size={24} strokeWidth={2.25} aria-hidden="true" />
    </button>
  );
});
