import { type ReactNode, useId } from 'react';
import { cx } from './cx.ts';
import styles from './Dialog.module.css';
import { ModalLayer } from './ModalLayer.tsx';

export interface DialogProps {
  open: boolean;
  /** alertdialog for messages that need an answer (the default); dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  /** Translated header: the dialog's name (aria-labelledby). */
  title: string;
  /** Translated message, its description (aria-describedby); a node so stop notes can be rendered markdown. */
  message?: ReactNode;
  /** Escape and a tap on the scrim call onDismiss only when true. */
  dismissible?: boolean;
  onDismiss?: () => void;
  /** The buttons: side by side, stacked when their labels are long. Put data-autofocus on the one to focus first. */
  children: ReactNode;
  className?: string;
}

/**
 * The modal primitive under AlertDialog and ConfirmDialog: a centred panel with a title, a message and buttons, over
 * a scrim in a ModalLayer (the rest of the page inert, Tab kept inside, focus moved in on open and given back on close).
 */
export function Dialog({
  open,
  role = 'alertdialog',
  title,
  message,
  dismissible,
  onDismiss,
  children,
  className,
}: DialogProps) {
  const titleId = useId();
  const messageId = useId();
  if (!open) return null;
  const dismiss = () => {
    if (dismissible) onDismiss?.();
  };
  const described = message !== undefined && message !== null;
  return (
    <ModalLayer
      className={styles.layer}
      role={role}
      titleId={titleId}
      descriptionId={described ? messageId : undefined}
      onEscape={dismiss}
      scrim={{ className: styles.scrim, onTap: dismiss }}
    >
      <div className={cx(styles.panel, className)}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {described && (
          <div id={messageId} className={styles.message}>
            {message}
          </div>
        )}
        <div className={styles.actions}>{children}</div>
      </div>
    </ModalLayer>
  );
}
