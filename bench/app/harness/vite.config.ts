/**
 * The worker bench's own build: a page and a module worker that import the app's real worker code. Served by
 * Playwright under /__bench/ on the app server's origin (same fetch origin and IndexedDB as the app), and built
 * into bench/.harness, so neither dist/ nor the app's own build (vite.config.ts at the root) is touched.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export const HARNESS_ROOT = fileURLToPath(new URL('.', import.meta.url));
export const HARNESS_OUT = fileURLToPath(new URL('../../.harness', import.meta.url));

export default defineConfig({
  root: HARNESS_ROOT,
  base: '/__bench/',
  publicDir: false,
  logLevel: 'warn',
  worker: { format: 'es' },
  build: { outDir: HARNESS_OUT, emptyOutDir: true, target: 'es2022' },
});
