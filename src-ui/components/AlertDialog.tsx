import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
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
  return (
    <Dialog open={open} title={title} message={message} dismissible={dismissible} onDismiss={onDismiss ?? onButton}>
      <Button variant="primary" onClick={onButton} data-autofocus>
        {buttonLabel}
      </Button>
    </Dialog>
  );
}
