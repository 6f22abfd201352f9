import {
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import styles from './BottomSheet.module.css';
import { ModalLayer } from './ModalLayer.tsx';

export interface BottomSheetProps {
  open: boolean;
  /** Called once the sheet has slid away (scrim tap, Escape, swipe down, or the caller's close button). */
  onClose: () => void;
  /** Id of the element holding the sheet's title (aria-labelledby). */
  titleId: string;
  /** The sheet's top bar (title, close button); dragging it down closes the sheet. */
  header: ReactNode;
  /** The scrolling body. */
  children: ReactNode;
  /** Lets the caller close with the slide-away animation, e.g. from a close button: receives the close function. */
  closeRef?: (close: () => void) => void;
  /**
   * Set while the sheet shows a level over its first (a stop's details over the route's stops): Escape goes back to
   * it, closing only what is on top, and the next Escape closes the sheet (issue 45).
   */
  onBack?: () => void;
}

/** A release past this share of the sheet's height, or a quick flick down, closes it. */
const CLOSE_SHARE = 0.25;
const FLING_PX_PER_MS = 0.5;
/** Matches --duration-base; zero when the driver asks for reduced motion. */
const SLIDE_MS = 200;

/**
 * A modal sheet from the bottom of the screen (85 % of its height) over a scrim, in a ModalLayer: the rest of the page
 * is inert, focus moves in (to `[data-autofocus]`, else the first control) and goes back where it was when the sheet closes.
 * It closes on a scrim tap, Escape, or by dragging its handle or header down; Escape goes `onBack` first, if given.
 */
export function BottomSheet(props: BottomSheetProps) {
  if (!props.open) return null;
  return <SheetLayer {...props} />;
}

function SheetLayer({ onClose, titleId, header, children, closeRef, onBack }: BottomSheetProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const { closing, close } = useSheetClose(panelRef, onClose, closeRef);
  const { onPointerDown, onPointerMove, onPointerUp } = useSheetDrag(panelRef, close);

  return (
    <ModalLayer
      className={styles.layer}
      closing={closing}
      titleId={titleId}
      onEscape={onBack ?? close}
      scrim={{ className: styles.scrim, onTap: close }}
    >
      <div ref={panelRef} className={styles.panel}>
        <div
          className={styles.grip}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          <span className={styles.handle} aria-hidden="true" />
          {header}
        </div>
        <div className={styles.body} data-sheet-body="">
          {children}
        </div>
      </div>
    </ModalLayer>
  );
}

/** Slides the panel out, then tells the owner (at once when the driver asks for reduced motion); once only. */
function useSheetClose(
  panelRef: RefObject<HTMLDivElement | null>,
  onClose: () => void,
  closeRef: BottomSheetProps['closeRef'],
) {
  const [closing, setClosing] = useState(false);
  const close = useCallback(() => {
    if (closing) return;
    setClosing(true);
    const panel = panelRef.current;
    if (panel) {
      panel.removeAttribute('data-dragging');
      panel.style.transform = 'translateY(100%)';
    }
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    setTimeout(onClose, reduced ? 0 : SLIDE_MS);
  }, [closing, onClose, panelRef]);

  useEffect(() => {
    closeRef?.(close);
  }, [closeRef, close]);
  return { closing, close };
}

/** Dragging the handle or header down moves the panel; far enough, or flung, it closes, else it springs back. */
function useSheetDrag(panelRef: RefObject<HTMLDivElement | null>, close: () => void) {
  const drag = useRef<{ id: number; startY: number; at: number; dy: number; speed: number } | null>(null);
  const move = (dy: number, animate: boolean) => {
    const panel = panelRef.current;
    if (!panel) return;
    panel.toggleAttribute('data-dragging', !animate);
    panel.style.transform = dy > 0 ? `translateY(${dy}px)` : '';
  };
  return {
    onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
      if (event.button !== 0 || (event.target as Element).closest('button, a, input')) return;
      drag.current = { id: event.pointerId, startY: event.clientY, at: event.timeStamp, dy: 0, speed: 0 };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
      const state = drag.current;
      if (!state || state.id !== event.pointerId) return;
      const dy = Math.max(0, event.clientY - state.startY);
      const elapsed = Math.max(1, event.timeStamp - state.at);
      state.speed = (dy - state.dy) / elapsed;
      state.dy = dy;
      state.at = event.timeStamp;
      move(dy, false);
    },
    onPointerUp() {
      const state = drag.current;
      drag.current = null;
      if (!state) return;
      const height = panelRef.current?.offsetHeight ?? 1;
      if (state.dy > height * CLOSE_SHARE || (state.dy > 0 && state.speed > FLING_PX_PER_MS)) close();
      else move(0, true);
    },
  };
}
