import { memo, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './LoadingOverlay.module.css';
import { Spinner } from './Spinner.tsx';
import { useMinimumVisible } from './use-minimum-visible.ts';
import { useModalLayer } from './use-modal-layer.ts';

export interface LoadingOverlayProps {
  visible: boolean;
  /** Translated text under the spinner and for screen readers, e.g. "Finishing route". */
  label?: string;
  /** Once shown, stays at least this long (ms) even if `visible` turns false sooner. */
  minMs?: number;
  /** Called when the overlay has really gone (after minMs), e.g. to navigate on. */
  onHidden?: () => void;
}

/** A full-screen scrim with a spinner that blocks the app while work runs. */
function LoadingOverlayView({ visible, label, minMs = 0, onHidden }: LoadingOverlayProps) {
  const shown = useMinimumVisible(visible, minMs);
  const wasShown = useRef(shown);
  const onHiddenRef = useRef(onHidden);
  useEffect(() => {
    onHiddenRef.current = onHidden;
  });
  useEffect(() => {
    if (wasShown.current && !shown) onHiddenRef.current?.();
    wasShown.current = shown;
  }, [shown]);
  if (!shown) return null;
  return createPortal(<OverlayLayer label={label} />, document.body);
}

function OverlayLayer({ label }: { label?: string }) {
  const layerRef = useRef<HTMLDivElement>(null);
  useModalLayer(true, layerRef);
  return (
    <div ref={layerRef} className={styles.overlay} role="status" aria-live="assertive" aria-busy="true" tabIndex={-1}>
      <div className={styles.box}>
        <Spinner size="lg" />
        {label && <p className={styles.label}>{label}</p>}
      </div>
    </div>
  );
}

/** Memo'd: the route view re-renders on every patch to the route, and this only when its own props change (issue 47). */
export const LoadingOverlay = memo(LoadingOverlayView);
