#!/usr/bin/env node
/**
 * `npm test`: the unit and server tests (vitest), then the browser tests (Playwright), both always, so one
 * failing suite does not hide the other's results. Exits non-zero when either fails.
 *
 *   npm test -- tests/server        arguments go to vitest (the browser tests still run)
 *   TEST_REPORT_DIR=.ci npm test    also writes vitest.json, vitest-reliability.json and playwright.json there
 *                                   (what .ci/run counts)
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { root, runNode } from './app-build.mjs';

function bin(pkg, name) {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8'));
  return join(root, 'node_modules', pkg, typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name]);
}

const reportDir = process.env.TEST_REPORT_DIR ? resolve(process.env.TEST_REPORT_DIR) : null;
if (reportDir) mkdirSync(reportDir, { recursive: true });

const vitestArgs = [bin('vitest', 'vitest'), 'run', ...process.argv.slice(2)];
if (reportDir)
  vitestArgs.push('--reporter=default', '--reporter=json', `--outputFile=${join(reportDir, 'vitest.json')}`);
const unit = await runNode(vitestArgs, 'vitest');

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
  ? await runNode(reliabilityArgs, 'vitest (reliability)', {
      env: { ...process.env, RELIABILITY_KILLS: process.env.RELIABILITY_KILLS ?? '30' },
    })
  : 0;

const e2eEnv = reportDir ? { ...process.env, E2E_JSON_REPORT: join(reportDir, 'playwright.json') } : process.env;
const e2e = await runNode([bin('@playwright/test', 'playwright'), 'test'], 'Playwright', { env: e2eEnv });

if (unit !== 0 || reliability !== 0 || e2e !== 0) {
  const failed = [
    unit !== 0 && 'unit and server tests (vitest)',
    reliability !== 0 && 'the fault and abuse suite (vitest)',
    e2e !== 0 && 'browser tests (Playwright)',
  ];
  console.error(`\nFailed: ${failed.filter(Boolean).join(' and ')}.`);
  process.exit(unit || reliability || e2e);
}
