/**
 * .ci/count.mjs prints a CI run's last line, and CI shows only the tail of a run: a failure must be named there,
 * or nobody can tell which test failed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function vitestReport(results: { name: string; status: string; tests: [string, string, string?][] }[]) {
  const all = results.flatMap((file) => file.tests);
  return {
    success: all.every(([, status]) => status !== 'failed'),
    numPassedTests: all.filter(([, status]) => status === 'passed').length,
    numFailedTests: all.filter(([, status]) => status === 'failed').length,
    numPendingTests: 0,
    numTodoTests: 0,
    testResults: results.map((file) => ({
      name: file.name,
      status: file.status,
      message: file.status === 'failed' && file.tests.length === 0 ? 'Error: Cannot find module x\n  at y' : '',
      assertionResults: file.tests.map(([fullName, status, message]) => ({
        fullName,
        status,
        failureMessages: message ? [message] : [],
      })),
    })),
  };
}

function playwrightReport() {
  const test = (status: string, message?: string) => ({
    status,
    results: [{ error: message ? { message } : undefined }],
  });
  return {
    stats: { expected: 1, unexpected: 1, flaky: 0, skipped: 0 },
    errors: [],
    suites: [
      {
        title: 'map.spec.ts',
        specs: [{ file: 'map.spec.ts', title: 'draws the markers', tests: [test('expected')] }],
        suites: [
          {
            title: 'map view Off',
            specs: [
              {
                file: 'map.spec.ts',
                title: 'never requests the map',
                tests: [test('unexpected', '\nError: expect(received).toBe(expected)\n\nExpected: 0')],
              },
            ],
          },
        ],
      },
    ],
  };
}

function count(reports: unknown[]): { output: string; status: number } {
  const dir = mkdtempSync(join(tmpdir(), 'ci-count-'));
  dirs.push(dir);
  const files = reports.map((report, index) => {
    const file = join(dir, `report-${index}.json`);
    writeFileSync(file, JSON.stringify(report));
    return file;
  });
  try {
    return { output: execFileSync('node', ['.ci/count.mjs', ...files], { encoding: 'utf8' }), status: 0 };
  } catch (error) {
    const failed = error as { stdout: string; status: number };
    return { output: failed.stdout, status: failed.status };
  }
}

describe('the last lines of a CI run', () => {
  it('name every failed test, of vitest and of Playwright, above the count', () => {
    const { output, status } = count([
      vitestReport([
        {
          name: '/repo/tests/core/settings.test.ts',
          status: 'failed',
          tests: [
            ['settings changes a setting', 'failed', 'AssertionError: expected 4 to be 3\n    at settings.test.ts:40'],
            ['settings keeps the rest', 'passed'],
          ],
        },
        { name: '/repo/tests/core/broken.test.ts', status: 'failed', tests: [] },
      ]),
      playwrightReport(),
    ]);
    const lines = output.trim().split('\n');
    expect(lines.at(-1)).toBe('2 passed, 3 failed');
    expect(output).toContain(
      'tests/core/settings.test.ts > settings changes a setting: AssertionError: expected 4 to be 3',
    );
    expect(output).toContain('tests/core/broken.test.ts did not load: Error: Cannot find module x');
    expect(output).toContain(
      'playwright: map.spec.ts > map view Off > never requests the map: Error: expect(received).toBe(expected)',
    );
    expect(output).not.toContain('draws the markers');
    expect(status).toBe(1);
  });

  it('says nothing more when all passed', () => {
    const { output, status } = count([
      vitestReport([{ name: '/repo/a.test.ts', status: 'passed', tests: [['a works', 'passed']] }]),
      { ...playwrightReport(), stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 }, suites: [] },
    ]);
    expect(output.trim()).toBe('3 passed, 0 failed');
    expect(status).toBe(0);
  });
});
