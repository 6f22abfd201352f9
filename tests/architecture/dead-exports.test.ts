/**
 * No dead code: every export is imported somewhere (a test, a bench, a script or e2e counts), and every source file is
 * reached from an entry. Knip reads the import graph from the entries in knip.jsonc (with its plugins for Vite,
 * Vitest and Playwright) and reports what nothing reaches. A failure names each export as file:line: delete it if
 * nothing uses it, or drop its `export` if only its own file does; a file nothing reaches is deleted, or, if it is
 * started by a path (a worker, a build step), named as an entry in knip.jsonc with a comment saying why.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

interface Found {
  name: string;
  line?: number;
  col?: number;
}
type IssueKind = 'files' | 'exports' | 'types' | 'enumMembers' | 'namespaceMembers';
type FileIssues = { file: string } & Partial<Record<IssueKind, Found[] | Record<string, Found>>>;

const KINDS: Record<IssueKind, string> = {
  files: 'unused file',
  exports: 'unused export',
  types: 'unused exported type',
  enumMembers: 'unused enum member',
  namespaceMembers: 'unused namespace member',
};

/** Knip's JSON report as one line per finding: `file:line:col  name  (what)`. */
function findings(report: { issues: FileIssues[] }): string[] {
  const lines: string[] = [];
  for (const issue of report.issues) {
    for (const kind of Object.keys(KINDS) as IssueKind[]) {
      const found = issue[kind];
      const symbols = Array.isArray(found) ? found : Object.values(found ?? {});
      for (const symbol of symbols) {
        const at = symbol.line ? `${issue.file}:${symbol.line}:${symbol.col ?? 1}` : issue.file;
        lines.push(kind === 'files' ? `${at}  (${KINDS[kind]})` : `${at}  ${symbol.name}  (${KINDS[kind]})`);
      }
    }
  }
  return lines;
}

describe('dead code (knip)', () => {
  it('finds no unused export and no unreached file', { timeout: 120_000 }, async () => {
    let stdout: string;
    try {
      ({ stdout } = await run(
        join(root, 'node_modules', '.bin', 'knip'),
        ['--reporter', 'json', '--no-progress', '--no-config-hints'],
        { cwd: root, maxBuffer: 16 * 1024 * 1024 },
      ));
    } catch (error) {
      // Exit code 1 means findings (the report is on stdout); anything else is knip itself failing.
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      if (failed.code !== 1 || !failed.stdout) throw new Error(`knip failed: ${failed.stderr ?? String(error)}`);
      stdout = failed.stdout;
    }
    expect(findings(JSON.parse(stdout))).toEqual([]);
  });
});
