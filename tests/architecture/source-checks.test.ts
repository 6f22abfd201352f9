/**
 * The source as a whole: it type-checks in every environment's tsconfig (`tsc -b`, what `npm run typecheck` runs)
 * and passes Biome's lint and format check (`npm run lint`). The build (Vite) strips types without checking them,
 * so without this a type error or an unformatted file would reach CI and pass it.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

/** A tool's exit code and what it printed. */
async function check(bin: string, args: string[]) {
  try {
    await run(join(root, 'node_modules', '.bin', bin), args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: '' };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the source', () => {
  it('type-checks in every tsconfig (tsc -b)', { timeout: 180_000 }, async () => {
    const result = await check('tsc', ['-b']);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  });

  it("passes Biome's lint and format check", { timeout: 60_000 }, async () => {
    const result = await check('biome', ['check', '--diagnostic-level=error', '.']);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  });
});
