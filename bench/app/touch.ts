/**
 * Driving the page the way a finger does, cheaply: one evaluate finds the target by CSS and text and scrolls it
 * into view, then a touchscreen tap lands on its centre. Playwright's own locators would poll accessibility queries
 * on the page's main thread, which the 4x slowdown makes expensive enough to show up in the very figures measured.
 */
import type { Page } from '@playwright/test';

/** Taps the first element matching `selector` whose trimmed text is `text` (any text when omitted). */
export async function tap(page: Page, selector: string, text?: string): Promise<void> {
  const point = await page.evaluate(
    async ([sel, wanted]) => {
      const found = [...document.querySelectorAll<HTMLElement>(sel)].find(
        (el) => wanted === null || el.textContent?.trim() === wanted,
      );
      if (!found) return null;
      // A driver scrolls only to a button out of sight (or under something): one already in view is tapped where it
      // is. Scrolling it to the centre anyway moved the list, and the work that sets going (its window of rows
      // re-rendered, the message placed again) fell into the tap's input delay (issue 47).
      const seen = found.getBoundingClientRect();
      const onTop = document.elementFromPoint(seen.left + seen.width / 2, seen.top + seen.height / 2);
      const inView =
        seen.top >= 0 && seen.bottom <= window.innerHeight && seen.left >= 0 && seen.right <= window.innerWidth;
      if (!inView || !onTop || !(onTop === found || found.contains(onTop))) found.scrollIntoView({ block: 'center' });
      // A screen that slides in moves its buttons, and a snackbar may lie over one for a few seconds: like a
      // driver, wait until the target stays put and nothing covers it (up to 10 s), else say what covers it.
      let box = found.getBoundingClientRect();
      let hit: Element | null = null;
      const waitUntil = performance.now() + 10_000;
      while (performance.now() < waitUntil) {
        // A frame, or 100 ms when the page draws none: a rAF callback alone never runs in a page that draws no
        // frame, and the wait would have no end.
        await new Promise((resolve) => {
          requestAnimationFrame(resolve);
          setTimeout(resolve, 100);
        });
        const next = found.getBoundingClientRect();
        const still = next.top === box.top && next.left === box.left;
        box = next;
        hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (still && hit && (hit === found || found.contains(hit))) break;
      }
      const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      return hit && (hit === found || found.contains(hit))
        ? centre
        : { ...centre, covered: hit?.outerHTML.slice(0, 120) };
    },
    [selector, text ?? null] as const,
  );
  const target = `${selector}${text ? ` "${text}"` : ''}`;
  if (!point) throw new Error(`nothing to tap: ${target}`);
  if ('covered' in point) throw new Error(`${target} is covered by ${point.covered}`);
  await page.touchscreen.tap(point.x, point.y);
}

/** Waits until `selector` (with `text`, when given) is in the page, or with `gone` until it is not; every 50 ms. */
export async function until(page: Page, selector: string, text?: string, { gone = false, timeout = 60_000 } = {}) {
  await page.waitForFunction(
    ([sel, wanted, absent]) =>
      absent !== [...document.querySelectorAll(sel)].some((el) => wanted === null || el.textContent?.trim() === wanted),
    [selector, text ?? null, gone] as const,
    { polling: 50, timeout },
  );
}
