/**
 * Counts the results of both suites from their JSON reports and prints the last line of a CI run:
 * "N passed, N failed" (", N skipped" when any). Exits 1 when anything failed.
 *
 *   node .ci/count.mjs .ci/vitest.json .ci/vitest-postgres.json .ci/vitest-reliability.json .ci/playwright.json
 *
 * Every file but the last is a vitest report (the SQLite run, the server tests on PostgreSQL, the fault and abuse
 * suite); the last is Playwright's.
 *
 * A suite without a readable report could not run: it counts as one failure. So does a test file that failed to
 * load, and a run that failed outside any test (an unhandled error, a failed global setup), and an `npm test` that
 * failed (TEST_STATUS) while its reports show no failure.
 */
import { readFileSync } from 'node:fs';

const files = process.argv.slice(2);
const playwrightFile = files.pop();

function read(file, suite) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log(`${suite}: no report (${file}); the suite could not run. Counted as one failure.`);
    return null;
  }
}

function vitest(report) {
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  // A test file that fails to load has no failed test of its own to count.
  const broken = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'),
  ).length;
  let failed = report.numFailedTests + broken;
  if (!report.success && failed === 0) {
    console.log('vitest: the run failed outside any test (an unhandled error; see above).');
    failed = 1;
  }
  return { passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests };
}

function playwright(report) {
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  const { expected, unexpected, flaky, skipped } = report.stats;
  // Errors outside tests: a failed global setup, a spec file that does not load.
  const outside = report.errors?.length ?? 0;
  if (outside > 0) console.log(`Playwright: ${outside} error(s) outside any test (see above).`);
  if (flaky > 0) console.log(`Playwright: ${flaky} test(s) passed only on retry (flaky; see "flaky" above).`);
  return { passed: expected + flaky, failed: unexpected + outside, skipped };
}

const results = [...files.map((file) => vitest(read(file, 'vitest'))), playwright(read(playwrightFile, 'Playwright'))];
const total = results.reduce((sum, r) => ({
  passed: sum.passed + r.passed,
  failed: sum.failed + r.failed,
  skipped: sum.skipped + r.skipped,
}));
// `npm test` failed (TEST_STATUS, from .ci/run) though no report counts a failure: something failed that no report
// shows (vitest's JSON report leaves out unhandled errors). It still counts, so the last line never says 0 failed.
if (process.env.TEST_STATUS && process.env.TEST_STATUS !== '0' && total.failed === 0) {
  console.log(
    `npm test exited ${process.env.TEST_STATUS} with no failed test in the reports (see above). Counted as one failure.`,
  );
  total.failed = 1;
}
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
