/**
 * docs/server.md's "First steps for an integrator" (issue 48), run block by block against a real server: the
 * walkthrough cannot go stale. Each ```http block's first line is `# STATUS NAME=path ...`: the status it must answer
 * and the values later blocks use ($NAME), read from the answer by a dotted path.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DispatchRouteDetail } from '../../src-shared/protocol/dispatch.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
// The walkthrough's day, in the organisation's zone, after its completion times.
const clock = Date.parse('2030-03-04T09:10:00Z');

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
});
afterAll(() => t.close());

interface Step {
  status: number;
  captures: [string, string][];
  text: string;
}

function walkthroughSteps(): Step[] {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/server.md'), 'utf8');
  const section = doc.split('\n## First steps for an integrator\n')[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/```http\n([\s\S]*?)```/g)].map(([, block]) => {
    const [first, ...rest] = block!.split('\n');
    const [status, ...captures] = first!.replace(/^# /, '').split(' ');
    return {
      status: Number(status),
      captures: captures.map((c) => c.split('=') as [string, string]),
      text: rest.join('\n'),
    };
  });
}

const at = (value: unknown, path: string) =>
  path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);

it("runs the walkthrough: organisation, driver, route with stops and a code, the driver's day, proofs read back", async () => {
  const steps = walkthroughSteps();
  expect(steps.length).toBeGreaterThanOrEqual(8);
  const values: Record<string, string> = { SERVER: t.url, DISPATCH_TOKEN: t.config.dispatchToken };
  let last: unknown;
  for (const step of steps) {
    const text = step.text.replace(/\$([A-Z_]+)/g, (whole, name: string) => values[name] ?? whole);
    const [head, body = ''] = text.split(/\n\n/, 2) as [string, string?];
    const [requestLine, ...headerLines] = head.split('\n');
    const [method, address] = requestLine!.split(' ') as [string, string];
    const headers = Object.fromEntries(
      headerLines.filter(Boolean).map((line) => line.split(/:\s*/, 2) as [string, string]),
    );
    // The server listens on 127.0.0.1 here, whatever address a URL it made names.
    const url = new URL(address, t.url);
    const res = await fetch(`${t.url}${url.pathname}${url.search}`, {
      method,
      headers,
      body: body.trim() ? body : undefined,
    });
    const type = res.headers.get('content-type') ?? '';
    last = type.startsWith('application/json') ? await res.json() : await res.arrayBuffer();
    expect(res.status, `${requestLine}: ${JSON.stringify(last)}`).toBe(step.status);
    for (const [name, path] of step.captures) {
      values[name] = String(at(last, path));
      expect(at(last, path), `${name}=${path}`).toBeDefined();
    }
    if (method === 'GET' && url.pathname.startsWith('/v1/images/')) expect(type).toMatch(/^image\/png/);
  }

  // What the planning system reads back: the outcomes and proofs of both stops, and that the code was checked.
  const detail = (await t.dispatch<DispatchRouteDetail>('GET', `/v1/dispatch/routes/${values.ROUTE_ID}`)).body;
  const [delivered, failed] = [detail.stops[1]!, detail.stops[2]!];
  expect(delivered).toMatchObject({ status: 'finished', delivery_place: { place: 'recipient' } });
  expect(delivered.images).toHaveLength(1);
  expect(failed).toMatchObject({ status: 'skipped', failure_reason: 'not_at_home' });
  const record = detail.completions.find((c) => c.stop_id === delivered.id)!;
  expect(record.image_urls).toHaveLength(1);
  expect(JSON.stringify(record.body)).toContain('"delivery_code_checked":true');
});
