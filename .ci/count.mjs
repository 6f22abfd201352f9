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

// CI shows only the tail of a run, so the names of what failed are printed again here, just above the last line.
const failures = [];

function vitest(report, file) {
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  for (const testFile of report.testResults) {
    const failedTests = testFile.assertionResults.filter((t) => t.status === 'failed');
    if (testFile.status === 'failed' && failedTests.length === 0)
      failures.push(`${file}: ${testFile.name} did not load: ${firstLine(testFile.message)}`);
    for (const t of failedTests)
      failures.push(`${file}: ${testFile.name} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  }
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

function firstLine(text) {
  return (
    (text ?? '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

// A report's top suites are its files; the suites inside them are describe blocks, whose titles lead the test's.
function playwrightFailures(suite, titles) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const error = test.results?.at(-1)?.error?.message;
      failures.push(`playwright: ${[spec.file, ...titles, spec.title].join(' > ')}: ${firstLine(error)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, [...titles, child.title]);
}

function playwright(report) {
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  for (const suite of report.suites ?? []) playwrightFailures(suite, []);
  const { expected, unexpected, flaky, skipped } = report.stats;
  // Errors outside tests: a failed global setup, a spec file that does not load.
  const outside = report.errors?.length ?? 0;
  if (outside > 0) console.log(`Playwright: ${outside} error(s) outside any test (see above).`);
  if (flaky > 0) console.log(`Playwright: ${flaky} test(s) passed only on retry (flaky; see "flaky" above).`);
  return { passed: expected + flaky, failed: unexpected + outside, skipped };
}

const results = [
  ...files.map((file) => vitest(read(file, 'vitest'), file)),
  playwright(read(playwrightFile, 'Playwright')),
];
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
if (failures.length > 0) console.log(`\nWhat failed:\n${failures.map((line) => `- ${line}`).join('\n')}\n`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
