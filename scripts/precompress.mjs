#!/usr/bin/env node
/**
 * Writes a brotli (x.br) and a gzip (x.gz) copy beside each compressible file of a build, for the server to send
 * in place of x (src-server/http/static-app.ts, @fastify/static's preCompressed). Done once per build, so at the
 * strongest settings (brotli 11, gzip 9), which would be far too slow per request. A copy that saves nothing is not
 * kept, and the server falls back to x whenever a copy is missing, so a build without this step still works.
 *
 * As a command: `node scripts/precompress.mjs [distDir]` (`npm run build`); `npm start` (app-build.mjs) and the
 * browser tests' global setup call `precompress()` after their own `vite build`.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Text and wasm compress well; images (png) and fonts (woff2) are already compressed. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.wasm', '.txt']);
/** Below this the copy saves less than a packet (the server's own threshold is the same). */
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes `copy` when it is smaller than the original, else removes a copy left from an earlier build; resolves
 * with the bytes the server will send for this encoding.
 */
async function keepIfSmaller(path, copy, originalBytes) {
  if (copy.length >= originalBytes) {
    await rm(path, { force: true });
    return originalBytes;
  }
  await writeFile(path, copy);
  return copy.length;
}

/**
 * Compresses every compressible file of `dir` of at least MIN_BYTES; resolves with the totals in bytes. The files
 * are compressed concurrently: zlib's async calls run on libuv's thread pool, so a 2-core machine does two at once.
 */
export async function precompress(dir) {
  const root = resolve(dir);
  const files = (await filesUnder(root)).filter((f) => COMPRESSIBLE.has(extname(f)));
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      if (data.length < MIN_BYTES) return;
      const mode = extname(file) === '.wasm' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT;
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: mode,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      totals.files++;
      totals.bytes += data.length;
      totals.br += await keepIfSmaller(`${file}.br`, br, data.length);
      totals.gzip += await keepIfSmaller(`${file}.gz`, gz, data.length);
    }),
  );
  return { dir: relative(process.cwd(), root) || '.', ...totals };
}

export function formatSummary(t) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  return `Precompressed ${t.files} files in ${t.dir}: ${kb(t.bytes)} -> ${kb(t.br)} brotli, ${kb(t.gzip)} gzip.`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    console.log(formatSummary(await precompress(process.argv[2] ?? 'dist')));
  } catch (error) {
    console.error(`Precompressing the build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
