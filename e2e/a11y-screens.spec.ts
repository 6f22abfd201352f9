/**
 * Field usability on every screen and dialog (issue 15), on a 390 px phone: axe-core's WCAG A/AA rules in the light
 * and the dark theme, and in the Sunlight theme (issue 45) with the AAA contrast rule on top and every boundary and
 * icon measured at 4.5:1; the root font size doubled (WCAG 1.4.4) and WCAG 1.4.12's text spacing, each in English,
 * Dutch and German, in Sunlight (its heavier weights set the widest text), with no text cut or running off the screen, no page scrolling sideways (the carousel alone scrolls
 * sideways), no lines of text or controls over each other, no message over the stop the driver reads next, and the
 * screen's primary action within reach; and under forced colours (Windows high contrast) every control keeps a
 * visible boundary and every icon a colour.
 */

import { deRoute } from '../src-ui/i18n/de-route.ts';
import {
  axeViolations,
  enlargeText,
  forcedColourProblems,
  labelProblems,
  messageCovers,
  reachable,
  restyleText,
  textProblems,
} from './support/a11y.ts';
import { axeEnhancedContrastViolations, boundaryContrastProblems } from './support/contrast-checks.ts';
import { DEMO, expect, test } from './support/fixtures.ts';
import { motionSettled } from './support/motion.ts';
import { prepareWalk, walkScreens } from './support/screens.ts';

test.use({ freshServer: true });
// The walks are this run's longest tests: in parallel they spread over the run's workers instead of queueing in one
// (6-7 min on CI). Each has a server of its own (freshServer) and prepares its own data on it (prepareWalk), so
// none sees another's changes.
test.describe.configure({ mode: 'parallel', timeout: 240_000 });

// One walk for the colour checks: each screen is read in the light theme, the dark one and under forced colours in
// turn (the theme follows the phone as it changes: Theme System, the default), so the walk's navigation is paid once.
test('axe finds no WCAG violation on any screen or dialog in either theme; under forced colours every control keeps a boundary, every icon a colour', async ({
  page,
  server,
}) => {
  test.setTimeout(360_000);
  const walk = await prepareWalk(server);
  const found: string[] = [];
  await walkScreens(page, walk, 'en', async (step) => {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme, forcedColors: 'none' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // Animations (a sheet sliding in, the theme's colours) settled: axe reads colours as they are painted.
      await motionSettled(page);
      for (const v of await axeViolations(page)) found.push(`${step.name}, ${theme} theme: ${v}`);
    }
    await page.emulateMedia({ colorScheme: 'light', forcedColors: 'active' });
    await motionSettled(page);
    for (const p of await forcedColourProblems(page)) found.push(`${step.name}, forced colours: ${p}`);
    await page.emulateMedia({ colorScheme: 'light', forcedColors: 'none' });
  });
  expect(found).toEqual([]);
});

/**
 * Each language's walk reads every screen twice: at 200% text (WCAG 1.4.4), then at 100% with WCAG 1.4.12's text
 * spacing, switched on the page as it stands (so a dialog or a sheet is read in both), then back.
 *
 * The walks run in the Sunlight theme (issue 45): its text is a weight heavier, so its lines are the widest of the
 * themes, and text that fits there fits in Light and Dark (which share every size, spacing and box). The app takes
 * its theme from the cookie when it starts (no live switch, unlike System's light and dark), so Sunlight's colour
 * checks ride on the English walk too, read at 100% text without spacing on each screen: a walk of their own would
 * add some 3 minutes of navigation to CI for the same screens.
 */
const TEXT_MODES = [
  { name: '200% text', percent: 200, spacing: false },
  { name: 'text spacing', percent: 100, spacing: true },
];
const TEXT_LANGUAGES = [
  { name: 'English', language: 'en', colours: true },
  { name: 'Dutch', language: 'nl', colours: false },
  { name: 'German', language: 'de', colours: false },
];

for (const run of TEXT_LANGUAGES) {
  const colours = run.colours ? '; Sunlight: axe with AAA contrast, boundaries and icons at 4.5:1' : '';
  test(`Sunlight, 200% text and text spacing (WCAG 1.4.12), ${run.name}: nothing cut, overlapping or out of reach${colours}`, async ({
    page,
    server,
  }) => {
    test.setTimeout(300_000);
    const walk = await prepareWalk(server);
    await page.context().addCookies([{ name: 'dl_theme', value: 'sunlight', url: server.url }]);
    const [large, spaced] = TEXT_MODES;
    await enlargeText(page, large!.percent, large!.spacing);
    const found: string[] = [];
    await walkScreens(page, walk, run.language, async (step, primary) => {
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'sunlight');
      for (const mode of [large!, spaced!]) {
        if (mode !== large) await restyleText(page, mode.percent, mode.spacing);
        const at = `${step.name}, ${mode.name}`;
        // The new text size moves the drawer and resizes sheets: read them where they come to rest.
        await motionSettled(page);
        for (const p of await textProblems(page)) found.push(`${at}: ${p}`);
        // No label runs out of its button or link (a long word may break over lines).
        for (const p of await labelProblems(page.locator('body'), false, false)) found.push(`${at}: ${p}`);
        for (const p of await messageCovers(page)) found.push(`${at}: ${p}`);
        if (primary) {
          const problem = await reachable(primary.first());
          if (problem) found.push(`${at}: the primary action is ${problem}`);
        }
      }
      if (run.colours) {
        await restyleText(page, 100, false);
        await motionSettled(page);
        const at = `${step.name}, Sunlight`;
        for (const v of await axeEnhancedContrastViolations(page)) found.push(`${at}: ${v}`);
        for (const p of await boundaryContrastProblems(page, 4.5)) found.push(`${at}: ${p}`);
      }
      // The next step may go on from this screen (a dialog over it): it starts at 200% again.
      await restyleText(page, large!.percent, large!.spacing);
    });
    expect(found).toEqual([]);
  });
}

test('200% text, Dutch: Settings keeps its labels and values whole, the value under its label', async ({
  page,
  server,
  signIn,
}) => {
  await enlargeText(page, 200);
  await signIn(page, DEMO.driver);
  await page.context().addCookies([{ name: 'dl_language', value: 'nl', url: server.url }]);
  await page.goto('/account/settings');
  const rows = page.locator('main a');
  await expect(rows.first()).toBeVisible();
  // "Afstandseenheid" and "Kilometer" side by side broke letter by letter ("Afsta/ndse/enhei/d").
  expect(await labelProblems(page.locator('main'), false)).toEqual([]);
  expect(await textProblems(page)).toEqual([]);
});

test('200% text, German: a stop not sent yet keeps its badge within its row', async ({
  page,
  server,
  signedInOnRoute,
}) => {
  // The walk caught this only when the phone was slow to send (the badge shows until the server has the stop):
  // offline, it stays.
  await signedInOnRoute({
    requirements: {},
    view: 'list',
    open: 'complete',
    beforeSignIn: async () => {
      await enlargeText(page, 200);
      await page.context().addCookies([{ name: 'dl_language', value: 'de', url: server.url }]);
    },
  });
  await expect(page.getByRole('heading', { level: 1, name: deRoute.complete.title })).toBeVisible();
  await page.context().setOffline(true);
  await page.getByRole('button', { name: deRoute.complete.done, exact: true }).click();
  const badge = page.getByText(deRoute.connectivity.notSentYet, { exact: true });
  await expect(badge.first()).toBeVisible();
  await motionSettled(page);
  // "Noch nicht gesendet" with its icon ran 21 px past the 390 px row.
  expect(await textProblems(page)).toEqual([]);
});
