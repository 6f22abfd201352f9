/**
 * `npm run bench [-- --runs 3 --check --only cold,warm,open,work,worker,map,signin,scan,workmap,trace --skip-build]`: the
 * app benchmark (issue 7; `map`, opening the 300-stop route's map view, issue 14; `signin`, a new phone signing in,
 * issue 20; `scan`, frames decoded while scanning, issue 19; `workmap`, working stops with map view On, issue 20;
 * `trace`, scenario 4 with and without the core's User Timing measures, issue 33).
 * Builds the app, starts the real server on a temporary database seeded with a 200-route list and 300-stop routes,
 * and drives Debian's Chromium on a low-end phone profile (app/profile.ts) through the scenarios, each with the
 * core in its worker and inline on the main thread. Writes bench/results.json and bench/results.md, puts the
 * table into the README after a full run, and with --check exits non-zero when a figure breaks bench/budgets.json.
 * `--check-only` checks the last results.json without running anything. `--merge` (with `--only`) keeps the last
 * run's other figures: the re-run scenarios replace theirs, and the README's table is refreshed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext } from '@playwright/test';
import { fakeCameraArgs, writeCameraVideo } from '../e2e/support/fake-camera.ts';
import { startAppServer } from '../e2e/support/server.ts';
import { measureCriticalPath } from '../scripts/critical-path.mjs';
import { makeCameraJpeg } from './app/jpeg.ts';
import { installMetrics } from './app/metrics.ts';
import { CPU_SLOWDOWN, launchChromium, SLOW_4G } from './app/profile.ts';
import { checkBudgets, describeBreach, type Figures, flatten, medianFigures } from './app/report.ts';
import {
  appTable,
  chromiumNamed,
  type LastResults,
  mergeBase,
  mergeReruns,
  updateReadme,
} from './app/results-table.ts';
import { type CoreMode, MODES, type ScenarioEnv } from './app/scenarios/common.ts';
import { openMap, warmMap } from './app/scenarios/open-map.ts';
import { openBigRoute } from './app/scenarios/open-route.ts';
import { SCAN_SHOTS, scanFrames } from './app/scenarios/scan-frames.ts';
import { signInToList } from './app/scenarios/sign-in.ts';
import { cacheApp, coldThenWarm } from './app/scenarios/start.ts';
import { traceCost } from './app/scenarios/trace-cost.ts';
import { workStops } from './app/scenarios/work-stops.ts';
import { BENCH_DRIVER, BIG_ROUTE_VEHICLE, DEMO_ROUTE_VEHICLE, seedBench } from './app/seed.ts';
import { captureSession, signedInContext } from './app/session.ts';
import { measureWorkerFigures, workerFiguresTable, workerSummary } from './app/worker-figures.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
const RESULTS = join(ROOT, 'bench/results.json');
const RESULTS_MD = join(ROOT, 'bench/results.md');
const BUDGETS = join(ROOT, 'bench/budgets.json');
/** Fewer than scenario 4's 20: every map frame is drawn in software here. */
const MAP_STOPS_TO_WORK = 10;
const SCENARIOS = ['cold', 'warm', 'open', 'work', 'worker', 'map', 'signin', 'scan', 'workmap', 'trace'] as const;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    check: { type: 'boolean', default: false },
    'check-only': { type: 'boolean', default: false },
    only: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    merge: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs));
const only = new Set(values.only ? values.only.split(',') : SCENARIOS);
for (const name of only) {
  if (!(SCENARIOS as readonly string[]).includes(name)) throw new Error(`--only: unknown scenario ${name}`);
}
const budgets = JSON.parse(readFileSync(BUDGETS, 'utf8')).budgets;

function check(figures: Figures): void {
  const breaches = checkBudgets(figures, budgets);
  const relevant = values.only ? breaches.filter((b) => b.value !== undefined) : breaches;
  if (relevant.length === 0) {
    console.log(`\nEvery budget of bench/budgets.json is met.`);
    return;
  }
  console.error(`\n${relevant.length} budget(s) broken:`);
  for (const breach of relevant) console.error(`  - ${describeBreach(breach)}`);
  process.exitCode = 1;
}

if (values['check-only']) {
  check(JSON.parse(readFileSync(RESULTS, 'utf8')).figures);
  process.exit();
}

if (!values['skip-build']) {
  console.log('Building the app…');
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('vite build failed');
  // As `npm run build` does: the .br and .gz copies the server sends (scripts/precompress.mjs).
  const compressed = spawnSync('node', ['scripts/precompress.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (compressed.status !== 0) throw new Error('precompressing the build failed');
}
const criticalPath = measureCriticalPath(DIST);
const figures: Figures = { 'criticalPath.gzip': criticalPath.totalGzip };
const raw: Record<string, unknown> = {};

const server = await startAppServer({ env: { SEED: 'none', ACCESS_TOKEN_TTL: '86400' } });
const browser = await launchChromium();
// The camera's photo goes to a file: a buffer handed to setFiles would be decoded from base64 in the page.
const photoDir = mkdtempSync(join(tmpdir(), 'droplane-bench-photo-'));
try {
  console.log('Seeding a 200-route list and 300-stop routes…');
  const data = await seedBench(server.url, server.dispatchToken, runs * MODES.length);
  const photo = await makeCameraJpeg(browser);
  const photoFile = join(photoDir, 'camera.jpg');
  writeFileSync(photoFile, photo);
  const env: ScenarioEnv = {
    browser,
    baseUrl: server.url,
    distDir: DIST,
    session: await captureSession(browser, server.url, BENCH_DRIVER.email, BENCH_DRIVER.password),
  };
  const perMode = <T>() => ({ worker: [] as T[], inline: [] as T[] });
  const starts = { cold: perMode<object>(), warm: perMode<object>(), open: perMode<object>() };
  const work = perMode<object>();
  // A scenario that fails is reported and the others still run: one broken scenario must not cost the whole run.
  const failed: string[] = [];
  const guarded = async (name: string, body: () => Promise<void>) => {
    try {
      await body();
    } catch (error) {
      console.error(`\nScenario ${name} failed; the others go on.`, error);
      failed.push(name);
      process.exitCode = 1;
    }
  };
  // Alternating which mode goes first spreads any drift of the machine over both.
  const order = (run: number): readonly CoreMode[] => (run % 2 === 0 ? MODES : [...MODES].reverse());

  if (only.has('cold') || only.has('warm') || only.has('open')) {
    await guarded('cold', async () => {
      for (let run = 0; run < runs; run++) {
        for (const mode of order(run)) {
          console.log(`Run ${run + 1}/${runs}, ${mode}: cold start, warm start, opening the 300-stop route…`);
          const { cold, warm, context } = await coldThenWarm(env, mode);
          starts.cold[mode].push(cold);
          starts.warm[mode].push(warm);
          if (only.has('open')) starts.open[mode].push(await openBigRoute(env, context, mode, data.bigRouteId));
          await context.close();
        }
      }
    });
  }
  if (only.has('work')) {
    await guarded('work', async () => {
      let route = 0;
      for (let run = 0; run < runs; run++) {
        for (const mode of order(run)) {
          console.log(`Run ${run + 1}/${runs}, ${mode}: working 20 stops…`);
          const context = await signedInContext(browser, server.url, env.session);
          await installMetrics(context);
          await cacheApp(env, context);
          work[mode].push(await workStops(env, context, mode, data.workRouteIds[route++]!, photoFile));
          await context.close();
        }
      }
    });
  }
  /**
   * Runs a map-view scenario in every mode: maplibre and deck.gl need WebGL, so a browser of its own with SwiftShader;
   * each run's context is signed in with map view On and its caches warmed (the app, the style, the tiles of the
   * route of `vehicle`).
   */
  const mapScenario = async (
    key: string,
    what: string,
    vehicle: string,
    measure: (context: BrowserContext, mode: CoreMode) => Promise<object>,
  ) => {
    const glBrowser = await launchChromium({ webgl: true });
    const results = perMode<object>();
    try {
      for (let run = 0; run < runs; run++) {
        for (const mode of order(run)) {
          console.log(`Run ${run + 1}/${runs}, ${mode}: ${what}…`);
          const context = await signedInContext(glBrowser, server.url, env.session, true);
          await installMetrics(context);
          await cacheApp({ ...env, browser: glBrowser }, context);
          await warmMap(env, context, mode, vehicle);
          results[mode].push(await measure(context, mode));
          await context.close();
        }
      }
    } finally {
      await glBrowser.close();
    }
    raw[key] = results;
    for (const mode of MODES) addFigures(key, mode, medianFigures(results[mode]));
  };
  if (only.has('map')) {
    await guarded('map', async () => {
      await mapScenario('openMap', "opening the 300-stop route's map view", BIG_ROUTE_VEHICLE, (context, mode) =>
        openMap(env, context, mode, BIG_ROUTE_VEHICLE),
      );
      await mapScenario(
        'openDemoMap',
        "opening the demo's 38-stop route's map view",
        DEMO_ROUTE_VEHICLE,
        (context, mode) => openMap(env, context, mode, DEMO_ROUTE_VEHICLE),
      );
    });
  }
  if (only.has('workmap')) {
    // The routes scenario 4 worked 20 stops of (or fresh ones): the next stops are the same kind.
    let route = 0;
    await guarded('workmap', () =>
      mapScenario('workMap', `working ${MAP_STOPS_TO_WORK} stops with the map on`, BIG_ROUTE_VEHICLE, (context, mode) =>
        workStops(env, context, mode, data.workRouteIds[route++]!, photoFile, {
          view: 'map',
          stops: MAP_STOPS_TO_WORK,
        }),
      ),
    );
    // Again, the next stops of the same routes, with the CPU profiler on: the map's own JavaScript per action.
    route = 0;
    await guarded('workmap', () =>
      mapScenario('workMapProfiled', 'the same, sampled by the CPU profiler', BIG_ROUTE_VEHICLE, (context, mode) =>
        workStops(env, context, mode, data.workRouteIds[route++]!, photoFile, {
          view: 'map',
          stops: MAP_STOPS_TO_WORK,
          profiled: true,
        }),
      ),
    );
  }
  if (only.has('signin')) {
    await guarded('signin', async () => {
      const signIns = perMode<object>();
      for (let run = 0; run < runs; run++) {
        for (const mode of order(run)) {
          console.log(`Run ${run + 1}/${runs}, ${mode}: signing in on a new phone…`);
          signIns[mode].push(await signInToList(env, mode, BENCH_DRIVER));
        }
      }
      raw.signIn = signIns;
      for (const mode of MODES) addFigures('signIn', mode, medianFigures(signIns[mode]));
    });
  }
  if (only.has('scan')) {
    await guarded('scan', async () => {
      // The camera is Chromium's fake one, playing labels: a browser of its own.
      const scanBrowser = await launchChromium({
        extraArgs: fakeCameraArgs(writeCameraVideo('bench-scan', SCAN_SHOTS)),
      });
      const scans = perMode<object>();
      try {
        // The last delivery of a work route, which scenarios 4 and 9 (working its first stops) never reach; the demo
        // generator gives its parcels barcodes.
        const routeId = data.workRouteIds[0]!;
        const res = await fetch(`${server.url}/v1/dispatch/routes/${routeId}`, {
          headers: { authorization: `Bearer ${server.dispatchToken}` },
        });
        const { stops } = (await res.json()) as { stops: { id: number; type: string }[] };
        const stopId = stops.filter((s) => s.type === 'delivery').at(-1)!.id;
        for (let run = 0; run < runs; run++) {
          for (const mode of order(run)) {
            console.log(`Run ${run + 1}/${runs}, ${mode}: scanning parcels…`);
            const context = await signedInContext(scanBrowser, server.url, env.session);
            await installMetrics(context);
            await cacheApp({ ...env, browser: scanBrowser }, context);
            scans[mode].push(await scanFrames(env, context, mode, routeId, stopId));
            await context.close();
          }
        }
      } finally {
        await scanBrowser.close();
      }
      raw.scan = scans;
      for (const mode of MODES) addFigures('scan', mode, medianFigures(scans[mode]));
    });
  }
  const scenarioNames = { cold: 'coldStart', warm: 'warmStart', open: 'openRoute' } as const;
  for (const [key, name] of Object.entries(scenarioNames)) {
    const perModeRuns = starts[key as keyof typeof starts];
    if (!only.has(key) || perModeRuns.worker.length === 0) continue;
    raw[name] = perModeRuns;
    for (const mode of MODES) addFigures(name, mode, medianFigures(perModeRuns[mode]));
  }
  if (work.worker.length > 0) {
    raw.workStops = work;
    for (const mode of MODES) addFigures('workStops', mode, medianFigures(work[mode]));
    figures['workStops.blockingRatio'] =
      Math.round((figures['workStops.blocking.inline']! / Math.max(1, figures['workStops.blocking.worker']!)) * 10) /
      10;
  }
  if (only.has('trace')) {
    await guarded('trace', async () => {
      const runsByKind = await traceCost(env, runs, data.workRouteIds, photoFile);
      raw.traceCost = runsByKind;
      flatten('traceCost.traced', medianFigures(runsByKind.traced), figures);
      flatten('traceCost.untraced', medianFigures(runsByKind.untraced), figures);
    });
  }
  if (only.has('worker')) {
    await guarded('worker', async () => {
      console.log('Worker-side figures…');
      const workerFigures = await measureWorkerFigures({
        browser,
        baseUrl: server.url,
        email: BENCH_DRIVER.email,
        password: BENCH_DRIVER.password,
        routeId: data.bigRouteId,
        workRouteId: data.workRouteIds.at(-1)!,
        runs: Math.max(runs, 5),
        photo,
        dispatchToken: server.dispatchToken,
      });
      raw.worker = workerFigures;
      flatten('worker', workerSummary(workerFigures), figures);
    });
  }

  const at = new Date().toISOString();
  // Merged: the last run's figures, with this run's scenarios in place of theirs, and a record of what was re-run.
  // On a fresh checkout there is no results.json (it is not committed): the README's table stands in for it.
  const last: LastResults | null = values.merge
    ? mergeBase(
        existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : null,
        readFileSync(join(ROOT, 'README.md'), 'utf8'),
      )
    : null;
  // The heading's count is the full run's; a re-run with another count names it (`signin×3`).
  const baseRuns = last?.runs ?? runs;
  const rerunNames = [...only].map((name) => (runs === baseRuns ? name : `${name}×${runs}`));
  const rerun = last ? mergeReruns(last.rerun ?? [], rerunNames, at.slice(0, 10)) : undefined;
  const report = {
    at: last?.at ?? at,
    rerun,
    // The full run's browser: the re-runs' (machine.chromium) may be another, and the heading names both then.
    chromium: last?.chromium ?? browser.version(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, chromium: browser.version() },
    profile: { viewport: '390x844', cpuSlowdown: CPU_SLOWDOWN, network: SLOW_4G },
    runs: baseRuns,
    ...(values.only && !values.merge ? { partial: true } : {}),
    ...(failed.length > 0 ? { failed } : {}),
    criticalPath,
    figures: last ? { ...last.figures, ...figures } : figures,
    raw: last ? { ...last.raw, ...raw } : raw,
    // The worker figures' table of a base read from the README has no raw figures behind it: it is carried as text,
    // so that the next merge over this results.json still has it.
    ...(last?.workerTable && !raw.worker ? { workerTable: last.workerTable } : {}),
  };
  writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
  const markdown = [
    // A re-run's scenarios were run as many times as their ×N says; the count after "medians of" is the base run's.
    `App benchmark, ${report.at.slice(0, 10)}${rerun ? ` (re-run: ${rerun.join('; ')})` : ''}: medians of ${report.runs} run(s)${rerun ? ' (re-runs: ×N each)' : ''} on ${report.machine.cpus}× ${report.machine.cpu}, ${chromiumNamed(report.chromium, report.machine.chromium)}, 390x844, CPU ${CPU_SLOWDOWN}× slower, slow 4G.`,
    '',
    appTable(report.figures, budgets),
    ...(failed.length > 0 ? ['', `Failed this run (see its log): ${failed.join(', ')}.`] : []),
    ...(report.raw.worker
      ? ['', workerFiguresTable(report.raw.worker as Parameters<typeof workerFiguresTable>[0])]
      : report.workerTable
        ? ['', report.workerTable]
        : []),
  ].join('\n');
  writeFileSync(RESULTS_MD, `${markdown}\n`);
  console.log(`\n${markdown}\n\nWrote bench/results.json and bench/results.md.`);
  if (!values.only || values.merge) {
    updateReadme(join(ROOT, 'README.md'), markdown);
    console.log('Updated the table in README.md.');
  }
  if (values.check) check(report.figures);
} finally {
  await browser.close();
  await server.stop();
  rmSync(photoDir, { recursive: true, force: true });
}

function addFigures(scenario: string, mode: CoreMode, medians: Figures) {
  for (const [key, value] of Object.entries(medians)) figures[`${scenario}.${key}.${mode}`] = value;
}
