import { Check, ChevronRight, ExternalLink, type LucideIcon } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './ListRow.module.css';

type ListRowTrailing = 'chevron' | 'check' | 'external' | 'none';

export interface ListRowProps {
  /** Translated main text. */
  label: string;
  icon?: LucideIcon;
  /** Secondary text on the right, e.g. the current setting ("English"). */
  value?: string;
  /** Second line under the label. */
  description?: string;
  /** Defaults to chevron for buttons and links, none for static rows. */
  trailing?: ListRowTrailing;
  tone?: 'default' | 'danger';
  /** Renders an <a>; wouter's <Link asChild> can pass href and onClick straight in. */
  href?: string;
  target?: string;
  rel?: string;
  /** Renders a <button> when there is no href. Without either the row is static text. */
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  disabled?: boolean;
  className?: string;
}

const trailingIcons: Record<Exclude<ListRowTrailing, 'none'>, LucideIcon> = {
  chevron: ChevronRight,
  check: Check,
  external: ExternalLink,
};

/** One 56 px row of a list: icon, label, value and a trailing mark. */
export function ListRow(props: ListRowProps) {
  const { label, icon: Icon, value, description, tone = 'default', href, target, rel, onClick, disabled } = props;
  const interactive = !!href || !!onClick;
  const trailing = props.trailing ?? (interactive ? 'chevron' : 'none');
  const Trailing = trailing === 'none' ? null : trailingIcons[trailing];
  const body: ReactNode = (
    <>
      {Icon && <Icon className={styles.icon} size={24} strokeWidth={2} aria-hidden="true" />}
      <span className={styles.text}>
        <span className={styles.label}>{label}</span>
        {description && <span className={styles.description}>{description}</span>}
      </span>
      {value && <span className={styles.value}>{value}</span>}
      {Trailing && (
        <Trailing className={cx(styles.trailing, styles[trailing])} size={24} strokeWidth={2.25} aria-hidden="true" />
      )}
    </>
  );
  const className = cx(styles.row, interactive && styles.interactive, styles[tone], props.className);
  if (href) {
    return (
      <a className={className} href={href} target={target} rel={rel} onClick={onClick}>
        {body}
      </a>
    );
  }
  if (onClick) {
    return (
      <button type="button" className={className} onClick={onClick} disabled={disabled}>
        {body}
      </button>
    );
  }
  return <div className={className}>{body}</div>;
}
