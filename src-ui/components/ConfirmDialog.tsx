import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  /** Translated header, e.g. "Start the route?". */
  title: string;
  /** Translated message, e.g. the warning that recipients are notified. */
  message?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** danger makes the confirm button red (irreversible actions). */
  tone?: 'default' | 'danger';
  /** Shows a spinner on the confirm button while its work runs. */
  confirmLoading?: boolean;
  /** Escape and a scrim tap cancel (default true). */
  dismissible?: boolean;
}

/**
 * A question with two buttons: Refresh / Later, Start route / Cancel. Focus starts on the cancel button, so an
 * accidental Enter never confirms. The buttons sit side by side and stack (confirm on top) when labels are long.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmLabel, cancelLabel, onConfirm, onCancel, tone = 'default' } = props;
  return (
    <Dialog
      open={open}
      title={title}
      message={message || undefined}
      dismissible={(props.dismissible ?? true) && !props.confirmLoading}
      onDismiss={onCancel}
    >
      <Button variant="secondary" onClick={onCancel} disabled={props.confirmLoading} data-autofocus>
        {cancelLabel}
      </Button>
      <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={props.confirmLoading}>
        {confirmLabel}
      </Button>
    </Dialog>
  );
}
