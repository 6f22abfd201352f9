import { type ReactNode, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx.ts';
import styles from './ModalLayer.module.css';
import { modalKeyDown, useModalLayer } from './use-modal-layer.ts';

/** A modal layer is named by its visible title or, when it shows none that can be pointed to, by a label. */
type ModalName = { titleId: string; label?: never } | { label: string; titleId?: never };

export type ModalLayerProps = ModalName & {
  /** The owner's look: z-index, layout, background (the fixed full-screen box itself is this layer's). */
  className?: string;
  /** alertdialog for messages that need an answer; dialog (the default) otherwise. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element holding the message (aria-describedby). */
  descriptionId?: string;
  /** Escape calls it and goes no further. */
  onEscape: () => void;
  /** A scrim over the page under the layer: the owner's animation class, and what a tap on it does. */
  scrim?: { className?: string; onTap: () => void };
  /** Marks the layer while it animates away (data-closing), for the owner's CSS. */
  closing?: boolean;
  children: ReactNode;
};

/**
 * The modal layer under every dialog, sheet and full-screen layer: a portal on <body>, the rest of the page inert and
 * still, focus moved in on open (to `[data-autofocus]`, else the first control) and given back on close, Tab kept
 * inside, Escape handed to `onEscape`, `aria-modal`. Render it only while open.
 */
export function ModalLayer({
  className,
  role = 'dialog',
  titleId,
  label,
  descriptionId,
  onEscape,
  scrim,
  closing,
  children,
}: ModalLayerProps) {
  const layerRef = useRef<HTMLDivElement>(null);
  useModalLayer(true, layerRef);
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: role is a dialog role, passed in.
    <div
      ref={layerRef}
      className={cx(styles.layer, className)}
      data-closing={closing || undefined}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-label={label}
      aria-describedby={descriptionId}
      tabIndex={-1}
      onKeyDown={modalKeyDown(layerRef, onEscape)}
    >
      {scrim && <div className={cx(styles.scrim, scrim.className)} aria-hidden="true" onClick={scrim.onTap} />}
      {children}
    </div>,
    document.body,
  );
}
