/**
 * The setup most core tests share, written once: a real server of the file's own (a free port, a temp database),
 * started before its tests and closed after them, and the cores its tests start, each closed after its test.
 *
 *   const suite = coreSuite();
 *   it('...', async () => {
 *     const c = await suite.core();              // startCore against suite.t, closed after this test
 *     await suite.t.dispatch('PUT', ...);        // the dispatcher API of the same server
 *   });
 *
 * A test may close a core itself (a reload: a new core on the same dbName); the suite's close is then a no-op. A
 * test that needs a server of other settings asks `suite.server(options)`, closed after that test's cores.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type CoreHarness, type CoreOptions, startCore } from './core.ts';
import { type StartOptions, startTestServer, type TestServer } from './server.ts';

export interface CoreSuite {
  /** The file's server (ready inside tests and hooks, not while the file is collected). */
  readonly t: TestServer;
  /** A core against the file's server (or `options.baseUrl`), closed after the test that started it. */
  core(options?: Partial<CoreOptions>): Promise<CoreHarness>;
  /** A server of the test's own (another clock, env or limit), closed after the test, once its cores are. */
  server(options: StartOptions): Promise<TestServer>;
}

/**
 * `serverOptions` may be a function, called as the file's server starts: for options known only once the file's
 * earlier `beforeAll` ran (the address of a stand-in service the file starts first).
 */
export function coreSuite(serverOptions: StartOptions | (() => StartOptions) = {}): CoreSuite {
  let server: TestServer | null = null;
  const cores: CoreHarness[] = [];
  const servers: TestServer[] = [];
  beforeAll(async () => {
    server = await startTestServer(typeof serverOptions === 'function' ? serverOptions() : serverOptions);
  });
  afterEach(async () => {
    await Promise.all(cores.splice(0).map((c) => c.close()));
    await Promise.all(servers.splice(0).map((s) => s.close()));
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
      const c = await startCore({ ...options, baseUrl: options.baseUrl ?? started().url });
      cores.push(c);
      return c;
    },
    async server(options) {
      const s = await startTestServer(options);
      servers.push(s);
      return s;
    },
  };
}
