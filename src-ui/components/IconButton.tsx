import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
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

/** A 48 px round touch target holding one 24 px icon. */
export function IconButton({
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
}
