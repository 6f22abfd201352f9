import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Snackbar } from './Snackbar.tsx';
import styles from './SnackbarHost.module.css';
import { useSnackbarClearance } from './snackbar-clearance.ts';
import type { SnackbarQueueState } from './snackbar-queue.ts';
import { MODAL_EXEMPT_ATTRIBUTE } from './use-modal-layer.ts';

export interface SnackbarHostProps {
  /** The queue (see snackbar-queue.ts and useSnackbarQueue). */
  queue: SnackbarQueueState;
  onDismiss: (id: string) => void;
  /** Translated close-button name for persistent messages without an action. */
  dismissLabel?: string;
  /**
   * Extra distance from the bottom (CSS length), e.g. to sit above the minimized stop carousel; by default the
   * clearance a screen's pinned footer asks for (usePinnedFooter).
   */
  bottomOffset?: string;
}

/**
 * Shows the queue's current message at the bottom, above the safe area, and hides it after its duration.
 * The timer pauses while the driver touches or focuses the message. Stays usable above dialogs.
 */
export function SnackbarHost({ queue, onDismiss, dismissLabel, bottomOffset }: SnackbarHostProps) {
  const { current } = queue;
  const clearance = useSnackbarClearance();
  const offset = bottomOffset ?? clearance ?? undefined;
  // Paused for one message only, so a focused message that goes away cannot leave the next one stuck.
  const [pausedId, setPausedId] = useState<string | null>(null);
  const paused = current !== null && pausedId === current.id;
  const onDismissRef = useRef(onDismiss);
  useEffect(() => {
    onDismissRef.current = onDismiss;
  });
  useEffect(() => {
    if (!current || current.durationMs === null || paused) return;
    const timer = setTimeout(() => onDismissRef.current(current.id), current.durationMs);
    return () => clearTimeout(timer);
  }, [current, paused]);
  const pause = () => setPausedId(current?.id ?? null);
  const resume = () => setPausedId(null);
  const host = (
    <div
      className={styles.host}
      style={offset ? { ['--snackbar-offset' as string]: offset } : undefined}
      {...{ [MODAL_EXEMPT_ATTRIBUTE]: '' }}
    >
      {/* The live region stays mounted so every new message is announced. */}
      <div
        className={styles.region}
        role="status"
        aria-live="polite"
        onFocus={pause}
        onBlur={resume}
        onPointerDown={pause}
        onPointerUp={resume}
        onPointerCancel={resume}
      >
        {current && (
          <Snackbar
            key={current.id}
            item={current}
            dismissLabel={dismissLabel}
            onDismiss={() => onDismiss(current.id)}
          />
        )}
      </div>
    </div>
  );
  return createPortal(host, document.body);
}
