/**
 * The core's User Timing measures on a real timeline (Node's `performance`, the same API as the worker's): an intent
 * leaves `core:<intent>` and each of its server requests `net:<METHOD> <path>` inside it, so a trace of the worker
 * reads as the story of what the driver did (docs/performance.md, "Profiling the core").
 */
import { performance } from 'node:perf_hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { coreSuite } from '../helpers/core-suite.ts';
import { type DriverFixture, makeDriver, PASSWORD } from '../helpers/fixtures.ts';

const suite = coreSuite();
let driver: DriverFixture;

beforeAll(async () => {
  driver = await makeDriver(suite.t);
});

const measured = (name: string) => performance.getEntriesByName(name, 'measure');

describe('the core in a trace', () => {
  it('measures each intent and, inside it, each request it made', async () => {
    performance.clearMeasures();
    const c = await suite.core({ timing: performance });
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
  });
});
