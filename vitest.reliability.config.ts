/**
 * `npm run test:reliability`: the standing fault and abuse suite (tests/reliability, README "Reliability") at its
 * full size: 200 SIGKILLs. `npm test` runs it too, after the other vitest tests, with RELIABILITY_KILLS=30. Each
 * test prints its figure ("reliability: ...").
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 60_000,
    // One file at a time: each one loads the machine on purpose.
    fileParallelism: false,
    env: { RELIABILITY_KILLS: process.env.RELIABILITY_KILLS ?? '200' },
    // Figures are the point: show every console line, not only a failing test's.
    silent: false,
  },
});
