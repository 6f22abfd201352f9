/**
 * Checks the accessibility specs share (labels-fit, a11y-*.spec.ts): labels and texts that do not fit their box, the
 * root font size doubled and WCAG 1.4.12's text spacing, axe's WCAG rules, controls' boundaries under forced
 * colours, and whether the focused element can be seen. Each returns readable problems ([] when there are none).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** WCAG 1.4.12's text spacing, as the common bookmarklet applies it. */
const TEXT_SPACING_CSS =
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }' +
  ' p { margin-bottom: 2em !important; }';

const TEXT_STYLE_ID = 'a11y-text-size';
const textCss = (percent: number, spacing: boolean) =>
  `html { font-size: ${percent}% !important; }${spacing ? TEXT_SPACING_CSS : ''}`;

/** From the next page load on: the root font size at `percent` (WCAG 1.4.4), and text spacing when asked. */
export async function enlargeText(page: Page, percent: number, spacing = false): Promise<void> {
  await page.addInitScript(`{
    const add = () => {
      const style = document.createElement('style');
      style.id = ${JSON.stringify(TEXT_STYLE_ID)};
      style.textContent = ${JSON.stringify(textCss(percent, spacing))};
      document.head.append(style);
    };
    if (document.head) add(); else document.addEventListener('DOMContentLoaded', add);
  }`);
}

/** On the page as it is (no reload): the text size and spacing `enlargeText` set, changed to these. */
export async function restyleText(page: Page, percent: number, spacing = false): Promise<void> {
  await page.evaluate(
    ([id, css]) => {
      const style = document.getElementById(id!);
      if (!style) throw new Error('enlargeText was not called before this page loaded');
      style.textContent = css!;
    },
    [TEXT_STYLE_ID, textCss(percent, spacing)],
  );
}

/**
 * What is wrong with the labels of the visible buttons and links under `root`, as readable lines (none: []): text
 * that runs outside its button, a CSS ellipsis at work, a word broken over two lines. `oneLine`: each label must
 * also fit on a single line. `wholeWords` false: a word may break (at 200% text a long street name has to).
 * Controls under a dialog or a screen on top (inert, aria-hidden) are not looked at.
 */
export async function labelProblems(root: Locator, oneLine: boolean, wholeWords = true): Promise<string[]> {
  await expect(root.first()).toBeVisible();
  const all = await root.evaluateAll(
    (roots, [single, whole]) => {
      const problems: string[] = [];
      const TOLERANCE = 1;
      const controls = roots.flatMap((r) => [
        ...(r.matches('button, a[href]') ? [r] : []),
        ...r.querySelectorAll<HTMLElement>('button, a[href]'),
      ]);
      for (const control of controls) {
        const box = control.getBoundingClientRect();
        if (!control.checkVisibility() || box.width === 0) continue;
        if (control.closest('[inert], [aria-hidden="true"]')) continue;
        const text = control.textContent?.trim() ?? '';
        if (!text) continue; // an icon button: its name is aria-label, nothing to cut
        const name = `"${text}"`;
        const style = getComputedStyle(control);
        const inner = {
          left: box.left + Number.parseFloat(style.borderLeftWidth) - TOLERANCE,
          right: box.right - Number.parseFloat(style.borderRightWidth) + TOLERANCE,
        };
        // Text for assistive tech only (visually-hidden: a 1 px clipped box) is not a label anyone sees.
        const screenReaderOnly = (el: Element | null): boolean => {
          for (let at = el; at && at !== control; at = at.parentElement) {
            const r = at.getBoundingClientRect();
            if (r.width <= 1 || r.height <= 1) return true;
          }
          return false;
        };
        // The control and every element in it: no hidden overflow, no ellipsis at work.
        for (const el of [control, ...control.querySelectorAll<HTMLElement>('*')]) {
          if (el instanceof SVGElement || getComputedStyle(el).display === 'inline' || screenReaderOnly(el)) continue;
          if (el.scrollWidth > el.clientWidth + TOLERANCE)
            problems.push(`${name}: <${el.tagName.toLowerCase()}> content ${el.scrollWidth}px in ${el.clientWidth}px`);
        }
        // Every piece of text inside the control's border, each word whole, and on one line where asked.
        const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
        const tops = new Set<number>();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (screenReaderOnly(node.parentElement)) continue;
          const content = node.textContent ?? '';
          for (const match of content.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const rects = [...range.getClientRects()].filter((r) => r.width > 0);
            if (whole && rects.length > 1) problems.push(`${name}: the word "${match[0]}" is broken over lines`);
            for (const rect of rects) {
              tops.add(Math.round(rect.top));
              if (rect.left < inner.left || rect.right > inner.right)
                problems.push(`${name}: "${match[0]}" runs outside the button`);
            }
          }
        }
        const lines = [...tops].sort((a, b) => a - b).filter((top, i, list) => i === 0 || top - list[i - 1]! > 4);
        if (single && lines.length > 1) problems.push(`${name}: wraps over ${lines.length} lines`);
      }
      return problems;
    },
    [oneLine, wholeWords] as const,
  );
  return [...new Set(all)];
}

/**
 * Text anywhere on the page that cannot be read whole (for enlarged text): text cut by a box that hides its overflow
 * (one that scrolls is fine) or by an ellipsis, text outside the window's width, the page scrolling sideways, lines
 * of text over each other, and controls lying over each other. `scrollsSideways` names the one element allowed to (the carousel's track).
 */
export async function textProblems(
  page: Page,
  scrollsSideways = '[aria-roledescription="carousel"]',
): Promise<string[]> {
  const problems = await page.evaluate((sideways) => {
    const out: string[] = [];
    const TOLERANCE = 1;
    const width = document.documentElement.clientWidth;
    // Hidden from assistive tech and from the eye; text a sighted driver reads though a screen reader hears it another
    // way (a wheel's items, `data-shown-text`) is checked all the same.
    const hiddenFromAll = (el: Element) =>
      el.closest('[data-shown-text]') === null &&
      el.closest('[aria-hidden="true"], [inert], .maplibregl-ctrl') !== null;
    const tiny = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width <= 1 || r.height <= 1;
    };
    if (document.documentElement.scrollWidth > width + TOLERANCE)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}px in ${width}px`);

    /** The positioned box (fixed, sticky or with a z-index) an element is painted in; null: the page. */
    const layerOf = (el: Element) => {
      for (let at: Element | null = el; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (/fixed|sticky/.test(style.position) || (style.position !== 'static' && style.zIndex !== 'auto')) return at;
      }
      return null;
    };
    /** The parts of `rects` inside every box around `el` that clips or scrolls (a wheel's items out of its window). */
    const shownRects = (el: Element, rects: DOMRect[]) => {
      let shown = rects.map((r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom }));
      for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
        if (getComputedStyle(at).overflow === 'visible') continue;
        const box = at.getBoundingClientRect();
        shown = shown
          .map((r) => ({
            left: Math.max(r.left, box.left),
            top: Math.max(r.top, box.top),
            right: Math.min(r.right, box.right),
            bottom: Math.min(r.bottom, box.bottom),
          }))
          .filter((r) => r.right > r.left && r.bottom > r.top);
      }
      return shown;
    };
    type Rect = { left: number; top: number; right: number; bottom: number };
    const texts: { el: Element; text: string; rects: Rect[]; layer: Element | null }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!el || !text || !el.checkVisibility() || hiddenFromAll(el)) continue;
      // Screen-reader-only text (a 1 px clipped box, or inside one).
      let srOnly = false;
      for (let at: Element | null = el; at && at !== document.body; at = at.parentElement) if (tiny(at)) srOnly = true;
      if (srOnly) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0) continue;
      texts.push({ el, text, rects: shownRects(el, rects), layer: layerOf(el) });
      const label = `"${text.slice(0, 40)}" (<${el.tagName.toLowerCase()}${el.className ? ` class="${String(el.className).slice(0, 40)}"` : ''}>)`;
      // Walk up to the first box that scrolls: every box on the way that hides its overflow must hold the text.
      for (let at: Element | null = el; at && at !== document.documentElement; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (at.matches(sideways)) break;
        if (style.textOverflow === 'ellipsis' && at.scrollWidth > at.clientWidth + TOLERANCE) {
          out.push(`${label}: cut by an ellipsis (${at.scrollWidth}px in ${at.clientWidth}px)`);
          break;
        }
        const scrolls = /auto|scroll/.test(style.overflowY) || /auto|scroll/.test(style.overflowX);
        const clips = /hidden|clip/.test(style.overflowX) || /hidden|clip/.test(style.overflowY);
        if (clips) {
          const box = at.getBoundingClientRect();
          const out1 = rects.some(
            (r) =>
              (/hidden|clip/.test(style.overflowX) &&
                (r.left < box.left - TOLERANCE || r.right > box.right + TOLERANCE)) ||
              (/hidden|clip/.test(style.overflowY) &&
                (r.top < box.top - TOLERANCE || r.bottom > box.bottom + TOLERANCE)),
          );
          if (out1) {
            out.push(`${label}: cut by <${at.tagName.toLowerCase()} class="${String(at.className).slice(0, 40)}">`);
            break;
          }
        }
        if (scrolls) break;
      }
      if (!el.closest(sideways) && rects.some((r) => r.right > width + TOLERANCE || r.left < -TOLERANCE))
        out.push(`${label}: outside the window's width`);
    }

    // Lines of text over each other in the same layer: a long word run into its neighbour's column ("Vertrekpunt"
    // over "Hele dag" in a two-column grid), which no clipping box reports. The map's markers may overlap.
    const lines = texts.filter((t) => !t.el.closest('.maplibregl-map'));
    for (let i = 0; i < lines.length; i++) {
      for (let j = i + 1; j < lines.length; j++) {
        const a = lines[i]!;
        const b = lines[j]!;
        if (a.el === b.el || a.layer !== b.layer) continue;
        const hit = a.rects.some((ra) =>
          b.rects.some(
            (rb) =>
              Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left) > 2 &&
              Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top) > 2,
          ),
        );
        if (hit) out.push(`text overlaps: "${a.text.slice(0, 30)}" and "${b.text.slice(0, 30)}"`);
      }
    }

    // Controls over each other, in the part of each that shows (inside the boxes that clip or scroll it), and in
    // the same layer: a list scrolling under a sticky bar or under the drawer is not a control lying on another.
    const inSrOnly = (el: Element) => {
      for (let at: Element | null = el; at && at !== document.body; at = at.parentElement) if (tiny(at)) return true;
      return false;
    };
    const shownPart = (el: Element) => {
      let r = el.getBoundingClientRect();
      let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
        if (getComputedStyle(at).overflow === 'visible') continue;
        r = at.getBoundingClientRect();
        box = {
          left: Math.max(box.left, r.left),
          top: Math.max(box.top, r.top),
          right: Math.min(box.right, r.right),
          bottom: Math.min(box.bottom, r.bottom),
        };
      }
      return box;
    };
    const controls = [...document.querySelectorAll<HTMLElement>('button, a[href], input, textarea, [role="tab"]')]
      .filter((c) => c.checkVisibility() && !inSrOnly(c) && !hiddenFromAll(c) && !c.closest(sideways))
      .map((c) => ({ c, r: shownPart(c), layer: layerOf(c) }));
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i]!;
        const b = controls[j]!;
        if (a.layer !== b.layer || a.c.contains(b.c) || b.c.contains(a.c)) continue;
        const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (x > 2 && y > 2) {
          const name = (e: HTMLElement) => (e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 30);
          out.push(`controls overlap: "${name(a.c)}" and "${name(b.c)}"`);
        }
      }
    }
    return out;
  }, scrollsSideways);
  return [...new Set(problems)];
}

/**
 * Text the snackbar on screen lies over where it should not (none, or no snackbar: []): the text the driver reads
 * next (the active stop's row, its name and address as much as its buttons, and the route's "Route completed!"),
 * and, once the message has risen off its place at the bottom (the host's lift), any text of the screen at all: a
 * message lifted into the content hides the lines the driver is reading (issue 45: at 200% text it lay over the stop
 * just done, between the header and the active stop). At its place at the bottom it may lie over the list, as a
 * snackbar does; the list scrolls from under it.
 */
export async function messageCovers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const message = document.querySelector('[role="status"][aria-live="polite"] > *');
    if (!message?.parentElement) return [];
    const m = message.getBoundingClientRect();
    const lifted = new DOMMatrix(getComputedStyle(message.parentElement).transform).m42 < -1;
    const out: string[] = [];
    const said = `the message "${message.textContent?.trim().slice(0, 30)}"`;
    const areas = [...document.querySelectorAll('main [aria-current="step"], main ol [role="status"]')];
    const reads = lifted ? [...areas, ...document.querySelectorAll('main')] : areas;
    for (const area of reads) {
      const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const el = node.parentElement;
        if (!text || !el?.checkVisibility() || el.closest('.visually-hidden, [inert], [aria-hidden="true"]')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const under = [...range.getClientRects()].some(
          (r) =>
            Math.min(r.right, m.right) - Math.max(r.left, m.left) > 1 &&
            Math.min(r.bottom, m.bottom) - Math.max(r.top, m.top) > 1,
        );
        if (!under) continue;
        const next = areas.some((a) => a.contains(node));
        out.push(`${said} ${next ? 'covers' : 'rose over'} "${text.slice(0, 30)}"`);
      }
    }
    return [...new Set(out)];
  });
}

/** The element is in view and nothing covers its centre (it is hit there itself, or something inside it). */
export async function reachable(target: Locator): Promise<string | null> {
  if ((await target.count()) === 0) return 'missing';
  await target.scrollIntoViewIfNeeded();
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return `out of the window at ${x},${y}`;
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === el || el.contains(hit)) ? null : `covered by <${hit?.tagName.toLowerCase()}>`;
  });
}

/** What is wrong with the focused element: nothing focused, not visible, outside the window, or covered. */
export async function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return 'nothing is focused (the page body)';
    // A visually hidden radio is seen as its row (the label draws its focus ring).
    const tinyBox = (e: Element) => e.getBoundingClientRect().width <= 1 || e.getBoundingClientRect().height <= 1;
    const el = (tinyBox(focused) && focused.closest('label')) || focused;
    const name = `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const r = el.getBoundingClientRect();
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || r.width <= 1 || r.height <= 1)
      return `${name} is not visible`;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return `${name} is outside the window`;
    const mine = (px: number, py: number) => {
      const at = document.elementFromPoint(px, py);
      return at !== null && (at === el || el.contains(at));
    };
    if (mine(x, y)) return null;
    // A large area (the map) is seen as long as most of it is: the centre of a third of it is enough.
    if (r.width > 200 && r.height > 200) {
      const xs = [r.left + r.width / 6, x, r.right - r.width / 6];
      const ys = [r.top + r.height / 6, y, r.bottom - r.height / 6];
      if (xs.some((px) => ys.some((py) => py < innerHeight && mine(px, py)))) return null;
    }
    const hit = document.elementFromPoint(x, y);
    return `${name} is covered by <${hit?.tagName.toLowerCase()} class="${hit?.className}">`;
  });
}

/**
 * axe-core's WCAG 2.x A and AA rules on the page as it is now (dialogs included), as readable lines. In axe's legacy
 * mode (one axe.run in the page): the default mode opens a blank page per call to merge the frames' results, about
 * half of each call's second, for frames the app does not have (no iframe); a frame of the page's own origin would
 * still be read.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim() ?? v.help})`),
  );
}

/**
 * Under forced colours: the visible controls that have no boundary of their own (a border on all four sides, on
 * the control or on the box just around it), and the icons drawn in no colour or the colour behind them.
 */
export async function forcedColourProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return el.checkVisibility({ visibilityProperty: true }) && r.width > 1 && r.height > 1;
    };
    const bordered = (el: Element) => {
      const s = getComputedStyle(el);
      return (['Top', 'Right', 'Bottom', 'Left'] as const).every((side) => {
        const width = Number.parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`));
        const style = s.getPropertyValue(`border-${side.toLowerCase()}-style`);
        const colour = s.getPropertyValue(`border-${side.toLowerCase()}-color`);
        return width >= 1 && style !== 'none' && style !== 'hidden' && !/rgba\(.*,\s*0\)$/.test(colour);
      });
    };
    const name = (e: Element) =>
      `<${e.tagName.toLowerCase()}> "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 30)}"`;
    const selector = 'button, a[href], input, textarea, select, [role="tab"], [role="spinbutton"]';
    const srOnly = (el: Element) => {
      for (let at: Element | null = el.parentElement; at && at !== document.body; at = at.parentElement) {
        const r = at.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1) return true;
      }
      return false;
    };
    for (const control of document.querySelectorAll<HTMLElement>(selector)) {
      if (control.closest('[aria-hidden="true"], [inert], .maplibregl-ctrl') || srOnly(control)) continue;
      // A visually hidden radio: its row (the label) is what is seen and tapped.
      const shown = visible(control) ? control : control.closest('label');
      if (!shown || !visible(shown)) continue;
      const style = getComputedStyle(shown);
      // A link inside running text is known by its underline.
      if (shown.tagName === 'A' && style.display === 'inline' && style.textDecorationLine.includes('underline'))
        continue;
      const box = shown.getBoundingClientRect();
      let ok = bordered(shown);
      for (let at = shown.parentElement, i = 0; !ok && at && i < 2; at = at.parentElement, i++) {
        const r = at.getBoundingClientRect();
        const near = r.width - box.width <= 24 && r.height - box.height <= 24;
        if (near && bordered(at)) ok = true;
      }
      if (!ok) out.push(`${name(shown)} has no boundary`);
    }
    const background = (el: Element | null): string => {
      for (let at = el; at; at = at.parentElement) {
        const bg = getComputedStyle(at).backgroundColor;
        if (bg && !/rgba\(.*,\s*0\)$/.test(bg) && bg !== 'transparent') return bg;
      }
      return getComputedStyle(document.documentElement).backgroundColor;
    };
    for (const svg of document.querySelectorAll('svg')) {
      if (!visible(svg) || svg.closest('[aria-hidden="true"]:not(svg), [inert]')) continue;
      const shapes = [...svg.querySelectorAll('path, circle, rect, line, polyline, polygon, ellipse')];
      const painted = shapes.some((shape) => {
        const s = getComputedStyle(shape);
        const behind = background(svg.parentElement);
        return [s.stroke, s.fill].some((c) => c && c !== 'none' && !/rgba\(.*,\s*0\)$/.test(c) && c !== behind);
      });
      if (!painted) out.push(`an icon in ${name(svg.parentElement ?? svg)} is drawn in no visible colour`);
    }
    return [...new Set(out)];
  });
}
