/**
 * The setup most core tests share, written once: a real server of the file's own (a free port, a temp database),
 * started before its tests and closed after them, and the cores its tests start, each closed after its test.
 *
 *   const suite = coreSuite();
 *   it('...', async () => {
 *     const c = await suite.core();              // startCore against suite.t, closed after this test
 *     await suite.t.dispatch('PUT', ...);        // the dispatcher API of the same server
 *   });
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type CoreHarness, type CoreOptions, startCore } from './core.ts';
import { type StartOptions, startTestServer, type TestServer } from './server.ts';

export interface CoreSuite {
  /** The file's server (ready inside tests and hooks, not while the file is collected). */
  readonly t: TestServer;
  /** A core against the file's server, closed after the test that started it. */
  core(options?: Partial<CoreOptions>): Promise<CoreHarness>;
}

export function coreSuite(serverOptions: StartOptions = {}): CoreSuite {
  let server: TestServer | null = null;
  const cores: CoreHarness[] = [];
  beforeAll(async () => {
    server = await startTestServer(serverOptions);
  });
  afterEach(async () => {
    await Promise.all(cores.splice(0).map((c) => c.close()));
  });
  afterAll(() => server?.close());
  const started = () => {
    if (!server) throw new Error('the suite’s server starts in beforeAll: use it inside tests and hooks');
    return server;
  };
  return {
    get t() {
      return started();
    },
    async core(options = {}) {
      const c = await startCore({ baseUrl: started().url, ...options });
      cores.push(c);
      return c;
    },
  };
}
