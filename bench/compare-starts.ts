/**
 * `npm run bench:compare -- <distA> <distB> [--runs 7]`: the cold and warm starts of two builds of the app, side by
 * side, in alternating order. This machine drifts by 200–300 ms between sessions of runs, so a change to the start
 * is only worth keeping when it beats the build before it measured like this, in the same minutes (docs/performance.md).
 * Build each with `npm run build` and copy dist/ away; each gets its own server, database and seeded driver.
 */
import { parseArgs } from 'node:util';
import { startAppServer } from '../e2e/support/server.ts';
import { compareTable, type StartSamples } from './app/compare-table.ts';
import { launchChromium } from './app/profile.ts';
import type { ScenarioEnv } from './app/scenarios/common.ts';
import { coldThenWarm } from './app/scenarios/start.ts';
import { BENCH_DRIVER, seedBench } from './app/seed.ts';
import { captureSession } from './app/session.ts';

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '7' } },
  allowPositionals: true,
});
if (positionals.length !== 2) throw new Error('usage: npm run bench:compare -- <distA> <distB> [--runs 7]');
const runs = Math.max(1, Number(values.runs));

const browser = await launchChromium();
const servers: { stop(): Promise<void> }[] = [];
try {
  const envs: ScenarioEnv[] = [];
  for (const distDir of positionals) {
    const server = await startAppServer({ staticDir: distDir, env: { SEED: 'none', ACCESS_TOKEN_TTL: '86400' } });
    servers.push(server);
    await seedBench(server.url, server.dispatchToken, 1);
    const session = await captureSession(browser, server.url, BENCH_DRIVER.email, BENCH_DRIVER.password);
    envs.push({ browser, baseUrl: server.url, distDir, session });
  }
  const samples: StartSamples[] = envs.map(() => ({ cold: [], warm: [] }));
  for (let run = 0; run < runs; run++) {
    // Alternating which build goes first spreads the machine's drift over both.
    for (const which of run % 2 === 0 ? [0, 1] : [1, 0]) {
      const { cold, warm, context } = await coldThenWarm(envs[which]!, 'worker');
      await context.close();
      samples[which]!.cold.push(cold.routeList);
      samples[which]!.warm.push(warm.routeList);
      console.log(`Run ${run + 1}/${runs}, ${'AB'[which]}: cold ${cold.routeList} ms, warm ${warm.routeList} ms`);
    }
  }
  console.log(`\nA: ${positionals[0]}\nB: ${positionals[1]}\n\n${compareTable(samples[0]!, samples[1]!)}`);
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
