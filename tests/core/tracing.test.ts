/**
 * The core's User Timing measures on a real timeline (Node's `performance`, the same API as the worker's): an intent
 * leaves `core:<intent>` and each of its server requests `net:<METHOD> <path>` inside it, so a trace of the worker
 * reads as the story of what the driver did (docs/performance.md, "Profiling the core").
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../helpers/core.ts';
import { type DriverFixture, makeDriver, PASSWORD } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
let driver: DriverFixture;

beforeAll(async () => {
  t = await startTestServer();
  driver = await makeDriver(t);
});
afterAll(() => t.close());

const measured = (name: string) => performance.getEntriesByName(name, 'measure');

describe('the core in a trace', () => {
  it('measures each intent and, inside it, each request it made', async () => {
    performance.clearMeasures();
    const c = await startCore({ baseUrl: t.url, timing: performance });
    try {
      expect(await c.api.signIn(driver.email, PASSWORD)).toMatchObject({ ok: true });
      const [intent] = measured('core:signIn');
      const requests = measured('net:POST /v1/drivers/signin');
      expect(intent).toBeDefined();
      // The two steps of a sign-in (the email, then the password), each inside the intent's span.
      expect(requests.length).toBeGreaterThanOrEqual(1);
      for (const request of requests) {
        expect(request.startTime).toBeGreaterThanOrEqual(intent!.startTime);
        expect(request.startTime + request.duration).toBeLessThanOrEqual(intent!.startTime + intent!.duration);
      }
      expect(measured('core:start')).toHaveLength(1);
    } finally {
      await c.close();
    }
  });
});
