import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'src-*/**/*.test.{ts,tsx}'],
    // The fault and abuse suite kills servers and floods sockets: it runs on its own, after these (scripts/test.mjs,
    // vitest.reliability.config.ts), so its load cannot time out a neighbour.
    // tests/postgres needs a PostgreSQL cluster: vitest.postgres.config.ts runs it, with tests/server again.
    exclude: ['e2e/**', 'node_modules/**', 'tests/reliability/**', 'tests/postgres/**'],
    testTimeout: 20_000,
    // A test server's close waits for its sockets and their last messages; with the type check and Biome running
    // beside the suite on two cores it once took over 30 s.
    hookTimeout: 60_000,
  },
});
