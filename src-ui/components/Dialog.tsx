import { type ReactNode, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx.ts';
import styles from './Dialog.module.css';
import { modalKeyDown, useModalLayer } from './use-modal-layer.ts';

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
 * The modal primitive under AlertDialog and ConfirmDialog: a portal with a scrim, the rest of the page inert,
 * Tab kept inside, focus moved in on open and given back on close. Put data-autofocus on the element to focus first.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<DialogLayer {...props} />, document.body);
}

function DialogLayer({
  role = 'alertdialog',
  titleId,
  descriptionId,
  dismissible,
  onDismiss,
  children,
  className,
}: DialogProps) {
  const layerRef = useRef<HTMLDivElement>(null);
  useModalLayer(true, layerRef);
  const dismiss = () => {
    if (dismissible) onDismiss?.();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: role is a dialog role, passed in.
    <div
      ref={layerRef}
      className={styles.layer}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      tabIndex={-1}
      onKeyDown={modalKeyDown(layerRef, dismiss)}
    >
      <div className={styles.scrim} aria-hidden="true" onClick={dismiss} />
      <div className={cx(styles.panel, className)}>{children}</div>
    </div>
  );
}
