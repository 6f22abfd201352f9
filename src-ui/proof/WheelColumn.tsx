/**
 * One column of the date wheel: a scroll-snap list (touch, mouse wheel, tap on an item) that is also a
 * spinbutton for the keyboard (arrows, Page Up/Down, Home/End) and screen readers (aria-valuetext). Only the
 * 12 items around the centre are rendered (section 9: item height 60, 12 items); 5 fit the viewport.
 */
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cx } from '../components/index.ts';
import { WHEEL_ITEM_HEIGHT as H, WHEEL_RENDERED_ITEMS, WHEEL_VISIBLE_ITEMS } from './age.ts';
import styles from './DateWheel.module.css';

/** Empty rows above the first and below the last item, so both can reach the centre. */
const EDGE = (WHEEL_VISIBLE_ITEMS - 1) / 2;
/** No scroll event for this long: the wheel has settled and its centre item becomes the value. */
const SETTLE_MS = 120;
const PAGE = 5;
/** A jump that never scrolled (nothing to do) gives snapping back after this. */
const JUMP_MS = 600;

export interface WheelColumnProps {
  /** Translated name of the column ("Year"). */
  label: string;
  items: readonly number[];
  value: number;
  /** The item as shown and read out ("1990", "January"). */
  format: (item: number) => string;
  /** What a screen reader hears of an item (aria-valuetext), when not what is shown (a short month name). */
  spoken?: (item: number) => string;
  onChange: (item: number) => void;
}

export function WheelColumn({ label, items, value, format, spoken = format, onChange }: WheelColumnProps) {
  const ref = useRef<HTMLDivElement>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const jumpEnd = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touching = useRef(false);
  const placed = useRef(false);
  const jumping = useRef(false);
  const index = Math.max(0, items.indexOf(value));
  const [centre, setCentre] = useState(index);
  // Moving (scrolling or jumping): its value may still change, which aria-busy tells assistive tech and tests.
  const [moving, setMoving] = useState(false);
  const last = items.length - 1;
  const clampIndex = (i: number) => Math.min(last, Math.max(0, i));

  /** Snapping is off while the wheel moves itself: only 12 items exist, so the target may not be rendered yet. */
  const endJump = useCallback(() => {
    jumping.current = false;
    setMoving(false);
    ref.current?.style.removeProperty('scroll-snap-type');
  }, []);

  // Bring the wheel to the value: at once when it opens, smoothly after a key, a tap or a clamp.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const top = index * H;
    const smooth = placed.current && !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    placed.current = true;
    setCentre(index);
    if (Math.abs(el.scrollTop - top) >= 1) {
      jumping.current = true;
      setMoving(true);
      el.style.scrollSnapType = 'none';
      el.scrollTo({ top, behavior: smooth ? 'smooth' : 'instant' });
    }
    // Normally the scroll's settling ends the jump; this covers a jump that never scrolled.
    clearTimeout(jumpEnd.current);
    if (jumping.current) jumpEnd.current = setTimeout(endJump, JUMP_MS);
  }, [index, endJump]);

  useEffect(
    () => () => {
      clearTimeout(settle.current);
      clearTimeout(jumpEnd.current);
    },
    [],
  );

  const choose = (i: number) => {
    const item = items[clampIndex(i)];
    if (item !== undefined && item !== value) onChange(item);
  };

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    setCentre(clampIndex(Math.round(el.scrollTop / H)));
    setMoving(true);
    clearTimeout(settle.current);
    clearTimeout(jumpEnd.current);
    settle.current = setTimeout(() => {
      if (jumping.current) endJump();
      if (!touching.current) {
        choose(Math.round(el.scrollTop / H));
        setMoving(false);
      }
    }, SETTLE_MS);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, PageUp: -PAGE, PageDown: PAGE };
    let next: number;
    if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key in steps) next = index + (steps[event.key] ?? 0);
    else return;
    event.preventDefault();
    choose(next);
  };

  // A tap or click on an item picks it (the items themselves are hidden from assistive tech).
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    choose(Math.floor((event.clientY - rect.top + event.currentTarget.scrollTop) / H) - EDGE);
  };

  const start = Math.max(0, Math.min(centre - WHEEL_RENDERED_ITEMS / 2, items.length - WHEEL_RENDERED_ITEMS));
  const shown = items.slice(start, start + WHEEL_RENDERED_ITEMS);

  return (
    <div className={styles.column}>
      <span className={styles.band} style={{ top: EDGE * H, height: H }} aria-hidden="true" />
      <div
        ref={ref}
        className={styles.viewport}
        style={{ height: WHEEL_VISIBLE_ITEMS * H }}
        role="spinbutton"
        tabIndex={0}
        aria-label={label}
        aria-valuenow={value}
        aria-valuemin={items[0]}
        aria-valuemax={items[last]}
        aria-valuetext={spoken(value)}
        aria-busy={moving}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        onClick={onClick}
        onTouchStart={() => {
          touching.current = true;
          if (jumping.current) endJump();
        }}
        onTouchEnd={() => {
          touching.current = false;
          onScroll();
        }}
      >
        <div className={styles.track} style={{ height: (items.length + 2 * EDGE) * H }} aria-hidden="true">
          {shown.map((item, i) => (
            <div
              key={item}
              className={cx(styles.item, start + i === centre && styles.selected)}
              style={{ top: (start + i + EDGE) * H, height: H }}
              // Hidden from assistive tech (the spinbutton speaks the value), not from the eye: the text checks find
              // a cut item by this (e2e/a11y-screens.spec.ts).
              data-shown-text=""
            >
              {format(item)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
