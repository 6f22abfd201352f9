/**
 * Once per `playwright test` run: builds the app when dist/ is missing or older than its sources (the same rule as
 * `npm start`). Each worker then starts its own server on a fresh seeded database (fixtures.ts, `sharedServer`), so
 * workers never share data.
 *
 * E2E_BASE_URL and E2E_DISPATCH_TOKEN set beforehand point the tests at a server already running instead
 * (`npm start`, say); then nothing is built or started.
 */
import { buildState, runNode, viteBin } from '../../scripts/app-build.mjs';
import { precompress } from '../../scripts/precompress.mjs';
import { DIST, ROOT } from './server.ts';

export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_BASE_URL) {
    if (!process.env.E2E_DISPATCH_TOKEN) throw new Error('E2E_BASE_URL is set: set E2E_DISPATCH_TOKEN too.');
    return;
  }

  const state = buildState(DIST);
  if (state !== null) {
    console.log(state === 'missing' ? 'e2e: building the app...' : 'e2e: sources changed, rebuilding the app...');
    const code = await runNode([viteBin(), 'build', '--outDir', DIST, '--logLevel', 'warn'], 'vite', { cwd: ROOT });
    if (code !== 0) throw new Error(`The app build failed (vite exited with ${code}); see above.`);
    // As `npm run build` does: the server sends these brotli/gzip copies in place of the files.
    await precompress(DIST);
  }
}
