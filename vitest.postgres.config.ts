/**
 * The PostgreSQL half of the tests: the whole server integration suite (tests/server) again, each test server on a
 * fresh database of the cluster TEST_DATABASE_URL names, plus what only PostgreSQL deployments have (tests/postgres:
 * several server processes on one database). `npm test` runs it on a throw-away cluster when PostgreSQL is installed
 * (scripts/test.mjs, scripts/pg-cluster.mjs); `npm run test:postgres` runs it alone.
 */
import { defineConfig } from 'vitest/config';

if (!process.env.TEST_DATABASE_URL)
  throw new Error(
    'The PostgreSQL tests need TEST_DATABASE_URL (a superuser URL of a throw-away cluster): run `npm run test:postgres`, which starts one (scripts/pg-cluster.mjs).',
  );

export default defineConfig({
  test: {
    include: ['tests/server/**/*.test.ts', 'tests/postgres/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
