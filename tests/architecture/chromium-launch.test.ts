/**
 * One Chromium launch configuration (issue 46): scripts/chromium.mjs holds the browser's path and its flags, and
 * every spec, benchmark and screenshot script imports it. Five copies of the flags had drifted apart (one spec
 * launched without --disable-component-update, the screenshots without --disable-sync); this holds every other
 * file to the one source.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const SOURCE = 'scripts/chromium.mjs';
/** What only the launch configuration writes in code (a comment may name them): the browser's path, a launch flag. */
const LAUNCH_MARKS = [
  /process\.env\.CHROMIUM_PATH/,
  /['"`]\/usr\/bin\/chromium/,
  /['"`]--(no-sandbox|disable-gpu|use-angle=)/,
];

/** Tracked code files, and ones not yet added (a new spec is checked before its first commit). */
function codeFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((f) => /\.(m?[jt]sx?)$/.test(f) && f !== SOURCE && !f.endsWith('.d.mts'));
}

/** The files of `files` that launch Chromium their own way. */
function ownLaunches(files: { path: string; text: string }[]): string[] {
  return files.filter(({ text }) => LAUNCH_MARKS.some((mark) => mark.test(text))).map(({ path }) => path);
}

describe('the Chromium launch', () => {
  it('is written once, in scripts/chromium.mjs', () => {
    const files = codeFiles()
      .filter((path) => path !== 'tests/architecture/chromium-launch.test.ts')
      .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(ownLaunches(files)).toEqual([]);
  });

  it('is found in a copy of the flags (the check can fail)', () => {
    const copy = "chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })";
    expect(ownLaunches([{ path: 'e2e/copy.spec.ts', text: copy }])).toEqual(['e2e/copy.spec.ts']);
    expect(ownLaunches([{ path: 'bench/x.ts', text: "args: ['--disable-gpu']" }])).toEqual(['bench/x.ts']);
  });
});
