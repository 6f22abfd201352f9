import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './Dialog.module.css';
import { ModalLayer } from './ModalLayer.tsx';

export interface DialogProps {
  open: boolean;
  /** alertdialog for messages that need an answer (the default); dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element holding the title (aria-labelledby). */
  titleId: string;
  /** Id of the element holding the message (aria-describedby). */
  descriptionId?: string;
  /** Escape and a tap on the scrim call onDismiss only when true. */
  dismissible?: boolean;
  onDismiss?: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * The modal primitive under AlertDialog and ConfirmDialog: a centred panel over a scrim in a ModalLayer (the rest of
 * the page inert, Tab kept inside, focus moved in on open and given back on close). Put data-autofocus on the element
 * to focus first.
 */
export function Dialog({
  open,
  role = 'alertdialog',
  titleId,
  descriptionId,
  dismissible,
  onDismiss,
  children,
  className,
}: DialogProps) {
  if (!open) return null;
  const dismiss = () => {
    if (dismissible) onDismiss?.();
  };
  return (
    <ModalLayer
      className={styles.layer}
      role={role}
      titleId={titleId}
      descriptionId={descriptionId}
      onEscape={dismiss}
      scrim={{ className: styles.scrim, onTap: dismiss }}
    >
      <div className={cx(styles.panel, className)}>{children}</div>
    </ModalLayer>
  );
}
