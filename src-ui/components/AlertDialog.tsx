import { type ReactNode, useId } from 'react';
import { Button } from './Button.tsx';
import styles from './Dialog.module.css';
import { Dialog } from './Dialog.tsx';

export interface AlertDialogProps {
  open: boolean;
  /** Translated header. */
  title: string;
  /** Translated message; a node so stop notes can be rendered markdown. */
  message: ReactNode;
  /** Translated label of the one button. */
  buttonLabel: string;
  onButton: () => void;
  /** Escape and a scrim tap close it only when true; they call onDismiss, else onButton. */
  dismissible?: boolean;
  onDismiss?: () => void;
}

/** A message with one button (role="alertdialog"). */
export function AlertDialog({
  open,
  title,
  message,
  buttonLabel,
  onButton,
  dismissible = false,
  onDismiss,
}: AlertDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      titleId={titleId}
      descriptionId={messageId}
      dismissible={dismissible}
      onDismiss={onDismiss ?? onButton}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <div id={messageId} className={styles.message}>
        {message}
      </div>
      <div className={styles.actions}>
        <Button variant="primary" onClick={onButton} data-autofocus>
          {buttonLabel}
        </Button>
      </div>
    </Dialog>
  );
}
