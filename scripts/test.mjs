#!/usr/bin/env node
/**
 * `npm test`: the unit and server tests (vitest) on SQLite, with the type check and Biome's check of the whole source
 * among them (tests/architecture/source-checks.test.ts), the server tests again on PostgreSQL, the fault and abuse
 * suite, then the browser tests (Playwright), all of them always, so one failing suite does not hide another's
 * results. Exits non-zero when any fails.
 *
 * The PostgreSQL half (vitest.postgres.config.ts) runs on a throw-away cluster (scripts/pg-cluster.mjs) when
 * PostgreSQL is installed, or on TEST_DATABASE_URL when that is set; the cluster also serves the browser tests that
 * need PostgreSQL (several server processes). Without PostgreSQL it is skipped with a message saying so, and
 * REQUIRE_POSTGRES=1 (what .ci/run sets) makes that a failure instead.
 *
 *   npm test -- tests/server        arguments go to vitest (the browser tests still run)
 *   TEST_REPORT_DIR=.ci npm test    also writes vitest.json, vitest-postgres.json, vitest-reliability.json and
 *                                   playwright.json there (what .ci/run counts)
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { root, runNode } from './app-build.mjs';
import { findPostgresBin, startCluster } from './pg-cluster.mjs';

function bin(pkg, name) {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8'));
  return join(root, 'node_modules', pkg, typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name]);
}

/** Each suite's wall time, printed at the end (CI's budget is watched suite by suite). */
const times = [];
async function timed(label, run) {
  const started = performance.now();
  const code = await run();
  times.push(`${label}: ${((performance.now() - started) / 60_000).toFixed(1)} min${code === 0 ? '' : ' (failed)'}`);
  return code;
}

const reportDir = process.env.TEST_REPORT_DIR ? resolve(process.env.TEST_REPORT_DIR) : null;
if (reportDir) mkdirSync(reportDir, { recursive: true });

const vitestArgs = [bin('vitest', 'vitest'), 'run', ...process.argv.slice(2)];
if (reportDir)
  vitestArgs.push('--reporter=default', '--reporter=json', `--outputFile=${join(reportDir, 'vitest.json')}`);
// The SQLite half: a TEST_DATABASE_URL of the caller's is for the PostgreSQL half only.
const { TEST_DATABASE_URL: givenPostgres, ...sqliteEnv } = process.env;
const unit = await timed('vitest (SQLite)', () => runNode(vitestArgs, 'vitest', { env: sqliteEnv }));

// The server suite again on PostgreSQL, with what only PostgreSQL deployments have (several processes).
const args = process.argv.slice(2);
const postgresArgs = args.filter((arg) => /tests\/(server|postgres)/.test(arg));
const wantsPostgres = args.length === 0 || postgresArgs.length > 0;
let cluster = null;
let postgresUrl = givenPostgres ?? null;
let postgres = 0;
if (wantsPostgres && !postgresUrl) {
  if (findPostgresBin()) {
    try {
      cluster = await startCluster();
      postgresUrl = cluster.url;
      console.log(`\nPostgreSQL half: a throw-away cluster at ${cluster.url}`);
    } catch (error) {
      console.error(`\nPostgreSQL half: the throw-away cluster did not start.\n${error.message}`);
      postgres = 1;
    }
  } else if (process.env.REQUIRE_POSTGRES === '1') {
    console.error(
      '\nPostgreSQL half: PostgreSQL is not installed, and REQUIRE_POSTGRES=1 needs it (apt-get install postgresql).',
    );
    postgres = 1;
  } else {
    console.log(
      '\nPostgreSQL half: skipped: PostgreSQL not installed (apt-get install postgresql to run the server tests on it too).',
    );
  }
}
if (wantsPostgres && postgresUrl) {
  const pgArgs = [bin('vitest', 'vitest'), 'run', '--config', 'vitest.postgres.config.ts', ...postgresArgs];
  if (reportDir)
    pgArgs.push('--reporter=default', '--reporter=json', `--outputFile=${join(reportDir, 'vitest-postgres.json')}`);
  postgres = await timed('vitest (PostgreSQL)', () =>
    runNode(pgArgs, 'vitest (PostgreSQL)', { env: { ...sqliteEnv, TEST_DATABASE_URL: postgresUrl } }),
  );
}

// The fault and abuse suite on its own (it kills servers and floods sockets), at the size that suits every run.
const reliabilityArgs = [bin('vitest', 'vitest'), 'run', '--config', 'vitest.reliability.config.ts'];
if (reportDir)
  reliabilityArgs.push(
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${join(reportDir, 'vitest-reliability.json')}`,
  );
const wantsReliability = process.argv.length <= 2 || process.argv.slice(2).some((arg) => arg.includes('reliability'));
const reliability = wantsReliability
  ? await timed('vitest (reliability)', () =>
      runNode(reliabilityArgs, 'vitest (reliability)', {
        env: { ...sqliteEnv, RELIABILITY_KILLS: process.env.RELIABILITY_KILLS ?? '30' },
      }),
    )
  : 0;

// The browser tests with several server processes run on the same cluster (e2e/scale-out.spec.ts).
const e2eEnv = { ...process.env, ...(postgresUrl ? { E2E_POSTGRES_URL: postgresUrl } : {}) };
if (reportDir) e2eEnv.E2E_JSON_REPORT = join(reportDir, 'playwright.json');
const e2e = await timed('Playwright', () =>
  runNode([bin('@playwright/test', 'playwright'), 'test'], 'Playwright', { env: e2eEnv }),
);
await cluster?.stop();
console.log(`\nSuite times: ${times.join('; ')}.`);

if (unit !== 0 || postgres !== 0 || reliability !== 0 || e2e !== 0) {
  const failed = [
    unit !== 0 && 'unit and server tests (vitest)',
    postgres !== 0 && 'the server tests on PostgreSQL (vitest)',
    reliability !== 0 && 'the fault and abuse suite (vitest)',
    e2e !== 0 && 'browser tests (Playwright)',
  ];
  console.error(`\nFailed: ${failed.filter(Boolean).join(' and ')}.`);
  process.exit(unit || postgres || reliability || e2e);
}
