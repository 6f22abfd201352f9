import { Children, type ReactNode, useId } from 'react';
import styles from './ListSection.module.css';

export interface ListSectionProps {
  /** Translated heading; omit for an untitled group. */
  title?: string;
  /** Translated note under the group. */
  footer?: string;
  /** ListRow elements; each is wrapped in a list item (null and false children are skipped). */
  children: ReactNode;
}

/** A titled group of rows, separated by inset dividers. */
export function ListSection({ title, footer, children }: ListSectionProps) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={title ? titleId : undefined}>
      {title && (
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
      )}
      <ul className={styles.list}>
        {Children.map(children, (child) => (child ? <li className={styles.item}>{child}</li> : null))}
      </ul>
      {footer && <p className={styles.footer}>{footer}</p>}
    </section>
  );
}
