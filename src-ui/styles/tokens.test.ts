/**
 * The colour tokens meet WCAG 2's contrast minimums in every theme: 4.5:1 for every text colour on the surfaces it
 * is used on, 3:1 for the boundaries and marks a control or state is recognised by (1.4.3, 1.4.11); the Sunlight
 * theme (issue 45) 7:1 for text (1.4.6, AAA) and 4.5:1 for boundaries and icons, dividers too. Read from tokens.css
 * itself, so a changed value is checked as it is.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio as contrast } from './contrast.ts';

const css = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`tokens.css has no ${selector} block`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

const light = block(':root');
const sunlight = { ...light, ...block(':root[data-theme="sunlight"]') };
/** Each theme's tokens, and the least contrast its text and its boundaries must have. */
const MINIMUM = { text: 4.5, nonText: 3 };
const SUNLIGHT_MINIMUM = { text: 7, nonText: 4.5 };
const THEMES = {
  light,
  dark: { ...light, ...block(':root[data-theme="dark"]') },
  'light, high visibility': { ...light, ...block(':root[data-visibility="high"]') },
  'dark, high visibility': {
    ...light,
    ...block(':root[data-theme="dark"]'),
    ...block(':root[data-visibility="high"]'),
  },
};
const THEME_MINIMUMS = [
  ...Object.entries(THEMES).map(([name, tokens]) => [name, tokens, MINIMUM] as const),
  ['sunlight', sunlight, SUNLIGHT_MINIMUM] as const,
  ['sunlight, high visibility', { ...sunlight, ...block(':root[data-visibility="high"]') }, SUNLIGHT_MINIMUM] as const,
];

function colour(tokens: Record<string, string>, name: string): string {
  let value = tokens[name];
  // A token may name another (var(--x)); at most a few hops, so a cycle cannot hang the test.
  for (let hops = 0; hops < 8 && value?.startsWith('var('); hops++) value = tokens[value.slice(4, -1).trim()];
  if (!value || !/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`${name} is not a #rrggbb colour: ${value}`);
  return value;
}

/** [foreground, background], without the --color- prefix. */
const TEXT: [string, string][] = [
  ...['bg', 'surface', 'surface-sunken', 'surface-pressed', 'brand-subtle'].map((bg): [string, string] => ['text', bg]),
  ...['bg', 'surface', 'surface-sunken', 'brand-subtle'].map((bg): [string, string] => ['text-secondary', bg]),
  ['text-disabled', 'disabled-fill'],
  ['brand', 'surface'],
  ['brand', 'bg'],
  ['brand', 'brand-subtle'],
  ['text-link', 'surface'],
  ['on-brand', 'brand'],
  ['on-brand', 'brand-pressed'],
  ['on-success', 'success'],
  ['success-text', 'success-subtle'],
  ['success-text', 'surface'],
  ['on-warning', 'warning'],
  ['warning-text', 'warning-subtle'],
  ['on-danger', 'danger'],
  ['on-danger', 'danger-pressed'],
  ['danger-text', 'danger-subtle'],
  ['danger-text', 'surface'],
  ['early', 'surface'],
  ['early', 'early-subtle'],
  ['late', 'surface'],
  ['late', 'late-subtle'],
  ['surface', 'early'],
  ['surface', 'late'],
  ['done', 'surface'],
  ['done', 'success-subtle'],
  ['skipped', 'surface'],
  ['skipped', 'surface-sunken'],
  ['text-inverse', 'surface-inverse'],
  ['text-inverse-action', 'surface-inverse'],
  ['inverse-info', 'surface-inverse'],
  ['inverse-success', 'surface-inverse'],
  ['inverse-warning', 'surface-inverse'],
  ['inverse-danger', 'surface-inverse'],
  ['on-backdrop', 'backdrop'],
];
/** Field outlines, markers' rings, the focus ring, error bars, status icons. */
const NON_TEXT: [string, string][] = [
  ['border-strong', 'surface'],
  ['border-strong', 'bg'],
  ['brand', 'surface'],
  ['brand', 'bg'],
  ['danger', 'surface'],
  ['success', 'surface'],
  ['done', 'success-subtle'],
  ['skipped', 'surface-sunken'],
  ['surface-inverse', 'surface'],
];
/** In Sunlight the dividers and the disabled text's field count as boundaries too: nothing pale. */
const SUNLIGHT_NON_TEXT: [string, string][] = [
  ['border', 'surface'],
  ['border', 'bg'],
  ['text-disabled', 'surface'],
];

describe.each(THEME_MINIMUMS)('the %s theme', (name, tokens, minimum) => {
  const ratio = ([fg, bg]: [string, string]) =>
    contrast(colour(tokens, `--color-${fg}`), colour(tokens, `--color-${bg}`));
  const nonText = name.startsWith('sunlight') ? [...NON_TEXT, ...SUNLIGHT_NON_TEXT] : NON_TEXT;

  it.each(TEXT)(`text %s on %s: at least ${minimum.text}:1`, (fg, bg) => {
    expect(ratio([fg, bg])).toBeGreaterThanOrEqual(minimum.text);
  });

  it.each(nonText)(`%s against %s: at least ${minimum.nonText}:1`, (fg, bg) => {
    expect(ratio([fg, bg])).toBeGreaterThanOrEqual(minimum.nonText);
  });

  it('the focus ring shows on the screens and on the backdrop', () => {
    const focus = colour(tokens, '--focus-color');
    for (const bg of ['--color-surface', '--color-bg'])
      expect(contrast(focus, colour(tokens, bg))).toBeGreaterThan(minimum.nonText);
    const onBackdrop = colour(tokens, '--color-on-backdrop');
    expect(contrast(onBackdrop, colour(tokens, '--color-backdrop'))).toBeGreaterThan(minimum.nonText);
  });
});

describe('the sunlight theme is heavier', () => {
  const px = (value: string | undefined) => Number.parseFloat(value ?? '');
  it('has every text weight and stroke above the light theme, its icons at 3 px', () => {
    for (const weight of ['regular', 'medium', 'semibold', 'bold'])
      expect(px(sunlight[`--font-weight-${weight}`])).toBeGreaterThan(px(light[`--font-weight-${weight}`]));
    expect(px(sunlight['--border-width'])).toBeGreaterThan(px(light['--border-width']));
    expect(px(sunlight['--border-width-strong'])).toBeGreaterThanOrEqual(3);
    expect(px(sunlight['--focus-ring-width'])).toBeGreaterThanOrEqual(3);
    expect(px(sunlight['--icon-stroke'])).toBe(3);
  });
});
