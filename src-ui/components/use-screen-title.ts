/**
 * A screen's title (WCAG 2.4.2, 2.4.3): the page title names the screen, and what it is about, in the driver's
 * language, and focus moves to the screen's heading when the screen appears, so a screen reader announces every
 * screen change instead of falling silent on the page body. A screen shown over another (a stop window over its
 * route) adds to that one's title while it is open: "Complete – 12 Main St – Cargo bike 1 – Droplane".
 */
import { type RefObject, useLayoutEffect, useRef } from 'react';

const shown: { title: string; heading: RefObject<HTMLElement | null> }[] = [];
let app = '';
/** The first screen after the app opened: nothing changed yet (a screen reader reads the new page anyway). */
let opened = false;

function update() {
  document.title = [...shown.map((entry) => entry.title).reverse(), app].filter(Boolean).join(' – ');
}

/** Focus to the heading of the screen on top (where focus goes when what had it has gone); false when none. */
export function focusScreenHeading(): boolean {
  const heading = shown[shown.length - 1]?.heading.current;
  heading?.focus({ preventScroll: true });
  return Boolean(heading);
}

/** The app's name, last in every page title (translated by the app: the kit holds no text). */
export function setAppTitle(name: string): void {
  app = name;
}

/**
 * `title` null: not a screen (a dialog's bar). `heading` gets focus once, when the screen mounts after another one
 * (give it tabIndex={-1}).
 */
export function useScreenTitle(title: string | null, heading: RefObject<HTMLElement | null>): void {
  const entry = useRef<(typeof shown)[number] | null>(null);
  const on = title !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: mounts once; the title follows in the effect below.
  useLayoutEffect(() => {
    if (!on) return;
    const mine = { title: '', heading };
    entry.current = mine;
    shown.push(mine);
    if (opened) heading.current?.focus({ preventScroll: true });
    opened = true;
    return () => {
      shown.splice(shown.indexOf(mine), 1);
      entry.current = null;
      update();
    };
  }, [on]);
  useLayoutEffect(() => {
    if (!entry.current || title === null) return;
    entry.current.title = title;
    update();
  }, [title]);
}
