import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

export interface EmptyStateProps {
  icon: LucideIcon;
  /** Translated title, e.g. "No routes". */
  title: string;
  text?: string;
  /** Optional action, usually a Button. */
  action?: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 1 | 2 | 3;
}

/** A centred icon, title and text for empty lists and whole-page messages. */
export function EmptyState({ icon: Icon, title, text, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={styles.empty}>
      <span className={styles.icon}>
        <Icon size={32} strokeWidth={2} aria-hidden="true" />
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {text && <p className={styles.text}>{text}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
