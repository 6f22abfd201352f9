/**
 * One column of the date wheel: a scroll-snap list (touch, mouse wheel, tap on an item) that is also a
 * spinbutton for the keyboard (arrows, Page Up/Down, Home/End) and screen readers (aria-valuetext). Only the
 * 12 items around the centre are rendered (section 9: item height 60, 12 items); 5 fit the viewport. Its motion
 * (scrolling, settling, jumping to the value) is use-wheel-motion.ts.
 */
import type { KeyboardEvent, MouseEvent } from 'react';
import { useRef } from 'react';
import { cx } from '../components/index.ts';
import { WHEEL_ITEM_HEIGHT as H, WHEEL_RENDERED_ITEMS, WHEEL_VISIBLE_ITEMS } from './age.ts';
import styles from './DateWheel.module.css';
import { useWheelMotion } from './use-wheel-motion.ts';

/** Empty rows above the first and below the last item, so both can reach the centre. */
const EDGE = (WHEEL_VISIBLE_ITEMS - 1) / 2;
const PAGE = 5;
const KEY_STEPS: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, PageUp: -PAGE, PageDown: PAGE };

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
  const index = Math.max(0, items.indexOf(value));
  const last = items.length - 1;
  const clampIndex = (i: number) => Math.min(last, Math.max(0, i));
  const choose = (i: number) => {
    const item = items[clampIndex(i)];
    if (item !== undefined && item !== value) onChange(item);
  };
  const { centre, moving, handlers } = useWheelMotion(ref, index, choose, clampIndex);

  const onKeyDown = (event: KeyboardEvent) => {
    let next: number;
    if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key in KEY_STEPS) next = index + (KEY_STEPS[event.key] ?? 0);
    else return;
    event.preventDefault();
    choose(next);
  };

  // A tap or click on an item picks it (the items themselves are hidden from assistive tech).
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    choose(Math.floor((event.clientY - rect.top + event.currentTarget.scrollTop) / H) - EDGE);
  };

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
        onKeyDown={onKeyDown}
        onClick={onClick}
        {...handlers}
      >
        <WheelItems items={items} centre={centre} format={format} />
      </div>
    </div>
  );
}

/** The track: the full height of the items, with only the 12 around the centre rendered in it. */
function WheelItems({ items, centre, format }: Pick<WheelColumnProps, 'items' | 'format'> & { centre: number }) {
  const start = Math.max(0, Math.min(centre - WHEEL_RENDERED_ITEMS / 2, items.length - WHEEL_RENDERED_ITEMS));
  const shown = items.slice(start, start + WHEEL_RENDERED_ITEMS);
  return (
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
  );
}
