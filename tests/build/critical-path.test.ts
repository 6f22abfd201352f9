/**
 * The JavaScript a phone loads before the first screen stays within its budget (scripts/critical-path.mjs): the
 * app is built for real into a temporary folder and measured, the core's worker included, and no map code is
 * among it: the map loads only when a route is opened.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CriticalPath, DEFAULT_BUDGET_KB, measureCriticalPath } from '../../scripts/critical-path.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
let outDir: string;
let result: CriticalPath;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'droplane-build-'));
  // vitest sets NODE_ENV=test, which would make vite bundle React's development build: build as `npm run build`.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      build: { outDir, emptyOutDir: true },
      logLevel: 'warn',
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  result = measureCriticalPath(outDir);
}, 60_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** A file's code without the names of other built files in it (a lazy chunk's name is no code of it). */
function codeOf(file: string): string {
  return readFileSync(join(outDir, file), 'utf8').replace(/(["'`])[^"'`\n]*\.(?:m?js|css)\1/g, '""');
}

describe('critical path', () => {
  it(`is at most ${DEFAULT_BUDGET_KB} KB gzip`, () => {
    expect(result.missing).toEqual([]);
    expect(result.files.filter((f) => f.kind === 'entry').length).toBeGreaterThan(0);
    expect(result.totalGzip / 1024).toBeLessThanOrEqual(DEFAULT_BUDGET_KB);
  });

  it("counts the core's worker", () => {
    const workers = result.files.filter((f) => f.kind === 'worker');
    expect(workers.length).toBeGreaterThan(0);
    const entries = new Set(result.files.filter((f) => f.kind === 'entry').map((f) => f.file));
    for (const worker of workers) {
      expect(entries.has(worker.file)).toBe(false);
      expect(worker.gzip).toBeGreaterThan(0);
    }
    expect(result.totalGzip).toBe(result.files.reduce((sum, f) => sum + f.gzip, 0));
  });

  it('holds no map code', () => {
    for (const { file } of result.files) {
      expect(file).not.toMatch(/maplibre|deck/i);
      expect(codeOf(file).includes('maplibre'), `${file} contains "maplibre"`).toBe(false);
    }
  });
});
