import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { makeRoomFor } from './message-room.ts';
import { Snackbar } from './Snackbar.tsx';
import styles from './SnackbarHost.module.css';
import { useSnackbarClearance } from './snackbar-clearance.ts';
import { guardBoxes, onGuardsChanged, onScreenBox } from './snackbar-guard.ts';
import { type Box, snackbarLift } from './snackbar-placement.ts';
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

/** While a message shows, how often its place is checked against controls that moved (a list scrolled by code). */
const RECHECK_MS = 250;

/**
 * Shows the queue's current message at the bottom, above the safe area, and hides it after its duration; a tap on
 * it hides it too. It never covers a protected control (useSnackbarGuard: the stop's actions, the carousel, Done,
 * Add photo): it rises above them, or sits below the header (snackbar-placement.ts). The timer pauses while the
 * driver touches or focuses the message. Stays usable above dialogs.
 */
export function SnackbarHost({ queue, onDismiss, dismissLabel, bottomOffset }: SnackbarHostProps) {
  const { current } = queue;
  const clearance = useSnackbarClearance();
  const offset = bottomOffset ?? clearance ?? undefined;
  const { pause, resume } = useDismissTimer(current, onDismiss);
  const regionRef = useRef<HTMLDivElement>(null);
  useSnackbarLift(regionRef, current, offset);
  // One function per message: the memoized message does not re-render for the host's other renders (issue 47).
  const dismissCurrent = useCallback(() => {
    if (current) onDismiss(current.id);
  }, [current, onDismiss]);

  const host = (
    <div
      className={styles.host}
      style={offset ? { ['--snackbar-offset' as string]: offset } : undefined}
      {...{ [MODAL_EXEMPT_ATTRIBUTE]: '' }}
    >
      {/* The live region stays mounted so every new message is announced. */}
      <div
        ref={regionRef}
        className={styles.region}
        role="status"
        aria-live="polite"
        onFocus={pause}
        onBlur={resume}
        onPointerDown={pause}
        onPointerUp={resume}
        onPointerCancel={resume}
      >
        {current && <Snackbar key={current.id} item={current} dismissLabel={dismissLabel} onDismiss={dismissCurrent} />}
      </div>
    </div>
  );
  return createPortal(host, document.body);
}

type Message = SnackbarQueueState['current'];

/**
 * Hides the message after its duration, unless the driver holds it (touch or focus). Paused for one message only,
 * so a focused message that goes away cannot leave the next one stuck.
 */
function useDismissTimer(current: Message, onDismiss: (id: string) => void) {
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
  return { pause: () => setPausedId(current?.id ?? null), resume: () => setPausedId(null) };
}

/**
 * The box of what the keyboard has focused outside the message: the message never covers it either (a keyboard or
 * switch user must see where the focus is, WCAG 2.4.11). A tap's focus does not count: it is not shown.
 */
function keyboardFocusBox(region: HTMLElement, viewport: { width: number; height: number }): Box | null {
  const focused = document.activeElement;
  return focused && !region.contains(focused) && focused.matches(':focus-visible')
    ? onScreenBox(focused, viewport)
    : null;
}

/**
 * How far the message rises to clear the protected controls (snackbar-placement.ts), placed before it paints and
 * checked again while it shows: on scroll, resize, a focus move, a guard's change, and every RECHECK_MS (a list scrolled
 * by code). Written to the region's style, not kept in state: a rise or fall moves the message without rendering the
 * host or the message again (issue 47; a Done's message moves a few times as the route view settles under it).
 */
function useSnackbarLift(regionRef: RefObject<HTMLDivElement | null>, current: Message, offset: string | undefined) {
  const liftRef = useRef(0);
  const currentIdRef = useRef<string | null>(null);
  currentIdRef.current = current?.id ?? null;
  const place = useCallback(() => {
    const region = regionRef.current;
    if (!region?.firstElementChild) return;
    // The region's box includes the current lift (a transform): its resting place is that much lower.
    const rect = region.getBoundingClientRect();
    const rest = {
      top: rect.top + liftRef.current,
      bottom: rect.bottom + liftRef.current,
      left: rect.left,
      right: rect.right,
    };
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    const ceiling = Math.max(0, ...guardBoxes('ceiling', viewport).map((box) => box.bottom));
    const protectedBoxes = () => {
      const keep = guardBoxes('protect', viewport);
      const focused = keyboardFocusBox(region, viewport);
      if (focused) keep.push(focused);
      return keep;
    };
    let next = Math.round(snackbarLift(rest, protectedBoxes(), ceiling));
    // Before rising over the content, the list may scroll the block out of the way: then the message stays at the
    // bottom, where messages are looked for, and lies over no line the driver was reading (issue 45).
    const id = currentIdRef.current;
    if (next > 0 && id !== null && makeRoomFor(id, rest, ceiling))
      next = Math.round(snackbarLift(rest, protectedBoxes(), ceiling));
    if (next === liftRef.current) return;
    liftRef.current = next;
    region.style.transform = next ? `translateY(${-next}px)` : '';
  }, [regionRef]);
  // Placed before it paints, so a message never shows over a control first and jumps away after.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message or footer clearance is a new place.
  useLayoutEffect(place, [current, offset, place]);
  useEffect(() => {
    if (!current) return;
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    const stopGuards = onGuardsChanged(schedule);
    const timer = setInterval(schedule, RECHECK_MS);
    document.addEventListener('scroll', schedule, { capture: true, passive: true });
    document.addEventListener('focusin', schedule);
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      stopGuards();
      clearInterval(timer);
      document.removeEventListener('scroll', schedule, { capture: true });
      document.removeEventListener('focusin', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [current, place]);
}
