/**
 * Once per `playwright test` run: builds the app when dist/ is missing or older than its sources (the same rule as
 * `npm start`), starts one real server on a fresh seeded database, and hands its address and dispatcher token to
 * the tests through E2E_BASE_URL and E2E_DISPATCH_TOKEN, and the day its demo data is dated from through
 * E2E_SEED_DAY (workers inherit this process's environment). The
 * returned function is the global teardown: it stops the server and removes its data folder.
 *
 * E2E_BASE_URL and E2E_DISPATCH_TOKEN set beforehand point the tests at a server already running instead
 * (`npm start`, say); then nothing is built or started.
 */
import { buildState, runNode, viteBin } from '../../scripts/app-build.mjs';
import { precompress } from '../../scripts/precompress.mjs';
import { localDate } from '../../src-shared/domain/geo.ts';
import { DIST, ROOT, startAppServer } from './server.ts';

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) {
    if (!process.env.E2E_DISPATCH_TOKEN) throw new Error('E2E_BASE_URL is set: set E2E_DISPATCH_TOKEN too.');
    return undefined;
  }

  const state = buildState(DIST);
  if (state !== null) {
    console.log(state === 'missing' ? 'e2e: building the app...' : 'e2e: sources changed, rebuilding the app...');
    const code = await runNode([viteBin(), 'build', '--outDir', DIST, '--logLevel', 'warn'], 'vite', { cwd: ROOT });
    if (code !== 0) throw new Error(`The app build failed (vite exited with ${code}); see above.`);
    // As `npm run build` does: the server sends these brotli/gzip copies in place of the files.
    await precompress(DIST);
  }

  // Taken before the server seeds: a start that straddles midnight then counts as the earlier day, and the tests
  // take servers of their own (fixtures.ts), which is the safe side.
  const seedDay = localDate(new Date());
  const server = await startAppServer();
  process.env.E2E_SEED_DAY = seedDay;
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DISPATCH_TOKEN = server.dispatchToken;
  if (server.sharedLink) process.env.E2E_SHARED_LINK = server.sharedLink;
  return () => server.stop();
}
