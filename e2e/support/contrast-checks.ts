/**
 * The Sunlight theme's colour checks (issue 45), for the accessibility specs (a11y-screens.spec.ts): axe with the AAA
 * contrast rule, and the contrast of controls' boundaries and icons, which axe does not measure. Each returns
 * readable problems ([] when there are none).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's WCAG A and AA rules with the AAA contrast rule (`color-contrast-enhanced`, 7:1; 4.5:1 for large
 * text) on top: the Sunlight theme's promise for text (issue 45). Legacy mode, as axeViolations (a11y.ts) and why.
 */
export async function axeEnhancedContrastViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast-enhanced': { enabled: true } },
    })
    .analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim() ?? v.help})`),
  );
}

/**
 * What axe does not measure (it has no rule for WCAG 1.4.11): the contrast of each visible, enabled control's
 * boundary and of each icon with what lies behind them, at least `minimum` (Sunlight: 4.5). A control's boundary is
 * its border, a ring in its shadow (`0 0 0 Npx`), or its fill, whichever stands out most; a control with none of
 * them is known by its text, which axe measures. An icon is measured by its stroke or fill. What lies behind is the
 * first opaque background up the tree (over the map: the map's land colour). Hidden and inert parts are skipped.
 */
export async function boundaryContrastProblems(page: Page, minimum: number): Promise<string[]> {
  return page.evaluate((min) => {
    const out: string[] = [];
    type Rgb = [number, number, number, number];
    const parse = (colour: string): Rgb | null => {
      const m = /rgba?\(([\d.]+),?\s*([\d.]+),?\s*([\d.]+)(?:,?\s*\/?\s*([\d.]+))?\)/.exec(colour);
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
    };
    const luminance = ([r, g, b]: Rgb) => {
      const lin = (v: number) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a: Rgb, b: Rgb) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const opaque = (c: Rgb | null): c is Rgb => c !== null && c[3] >= 0.99;
    const behind = (el: Element | null): Rgb => {
      for (let at = el; at; at = at.parentElement) {
        const bg = parse(getComputedStyle(at).backgroundColor);
        if (opaque(bg)) return bg;
      }
      return [255, 255, 255, 1];
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && r.width > 1 && r.height > 1;
    };
    const skipped = (el: Element) => el.closest('[aria-hidden="true"]:not(svg), [inert], .maplibregl-ctrl') !== null;
    const name = (e: Element) =>
      `<${e.tagName.toLowerCase()}> "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 30)}"`;

    const controls = 'button, a[href], input, textarea, select, [role="tab"], label:has(> input[type="radio"])';
    for (const control of document.querySelectorAll<HTMLElement>(controls)) {
      if (!visible(control) || skipped(control)) continue;
      if (control.matches(':disabled, [aria-disabled="true"]')) continue; // inactive: outside 1.4.11
      const style = getComputedStyle(control);
      const around = behind(control.parentElement);
      const edges: Rgb[] = [];
      for (const side of ['top', 'right', 'bottom', 'left']) {
        const width = Number.parseFloat(style.getPropertyValue(`border-${side}-width`));
        const colour = parse(style.getPropertyValue(`border-${side}-color`));
        if (width >= 1 && style.getPropertyValue(`border-${side}-style`) !== 'none' && opaque(colour))
          edges.push(colour);
      }
      // A ring drawn in the shadow: "rgb(…) 0px 0px 0px 2px".
      for (const m of style.boxShadow.matchAll(/(rgba?\([^)]*\))\s+0px\s+0px\s+0px\s+([\d.]+)px/g))
        if (Number(m[2]) >= 1 && opaque(parse(m[1]!))) edges.push(parse(m[1]!)!);
      const fill = parse(style.backgroundColor);
      if (opaque(fill)) edges.push(fill);
      const marks = edges.filter((c) => ratio(c, around) > 1.05);
      if (marks.length === 0) continue; // known by its text alone
      const best = Math.max(...marks.map((c) => ratio(c, around)));
      if (best < min) out.push(`${name(control)}: its boundary ${best.toFixed(2)}:1 against what is behind it`);
    }

    for (const svg of document.querySelectorAll('svg')) {
      if (!visible(svg) || skipped(svg) || svg.closest('canvas, .maplibregl-map canvas')) continue;
      if (svg.closest(':disabled, [aria-disabled="true"]')) continue;
      const shapes = [...svg.querySelectorAll('path, circle, rect, line, polyline, polygon, ellipse')];
      const around = behind(svg.parentElement);
      const colours = shapes.flatMap((shape) => {
        const s = getComputedStyle(shape);
        return [s.stroke, s.fill].map(parse).filter(opaque);
      });
      if (colours.length === 0) continue;
      const best = Math.max(...colours.map((c) => ratio(c, around)));
      if (best < min)
        out.push(`an icon in ${name(svg.parentElement ?? svg)}: ${best.toFixed(2)}:1 against its background`);
    }
    return [...new Set(out)];
  }, minimum);
}
