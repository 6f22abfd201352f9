/**
 * Bad input on every endpoint: bodies generated from the calls' own JSON schemas (src-server/http/*-schemas.ts)
 * with fast-check, each field in turn replaced by a value from a hostile corpus (wrong types, edge numbers, odd
 * dates, hex and exponent numbers as text, injection text, huge and nested values), plus unknown fields. No answer
 * may be a 5xx, and each refusal is JSON naming what was wrong.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOrganisationBody, createRouteBody } from '../../src-server/http/dispatch-schemas.ts';
import { eventBody, locationBody, routeStatusBody, stopUpdateBody } from '../../src-server/http/driver-schemas.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import { stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { jpegUrl } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type RouteSession, startedSession } from '../helpers/sessions.ts';

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 60);

let t: TestServer;
let s: RouteSession;
beforeAll(async () => {
  t = await startTestServer();
  s = await startedSession(t, { date: localDate(new Date()) });
});
afterAll(() => t.close());

/** Values that have broken servers: the probe's finds and the classics. */
const hostile = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    -1e308,
    2 ** 53 + 1,
    0.1,
    '',
    ' ',
    '0x1c',
    '0b101',
    '1e3',
    '+7',
    'NaN',
    'Infinity',
    '2026-06-30T23:59:60Z',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '2026-02-30',
    "' OR 1=1 --",
    '"; DROP TABLE stops; --',
    '<img src=x onerror=alert(1)>',
    '\u0000',
    '\ud800',
    '../../etc/passwd',
    'data:image/png;base64,AAAA',
    'data:text/html,<script>alert(1)</script>',
    { $gt: '' },
    { __proto__: { admin: true } },
    [],
    [[[[[]]]]],
    'x'.repeat(70_000),
  ),
  fc.string({ maxLength: 50 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

interface Target {
  name: string;
  method: string;
  path: () => string;
  schema: { properties: Record<string, unknown> };
  valid: () => Record<string, unknown>;
  token: () => string | undefined;
}

const targets: Target[] = [
  {
    name: 'stop update',
    method: 'POST',
    path: () => `${s.path}/services/${s.stopIds[1]}`,
    schema: stopUpdateBody,
    valid: () => ({ status: 'finished', images: { '0': jpegUrl() }, completed_at: new Date().toISOString() }),
    token: () => s.token,
  },
  {
    name: 'route status',
    method: 'POST',
    path: () => s.path,
    schema: routeStatusBody,
    valid: () => ({ status: 'in_progress' }),
    token: () => s.token,
  },
  {
    name: 'location',
    method: 'PATCH',
    path: () => `${s.path}/location`,
    schema: locationBody,
    valid: () => ({ lat: '52.1', lng: '5.1' }),
    token: () => s.token,
  },
  {
    name: 'events',
    method: 'POST',
    path: () => `${s.path}/events`,
    schema: eventBody,
    valid: () => ({ type: 'service_change', data: { status: 'finished', service_id: s.stopIds[1] } }),
    token: () => s.token,
  },
  {
    name: 'sign-in',
    method: 'POST',
    path: () => '/v1/drivers/signin',
    schema: { properties: { email: {}, password: {} } },
    valid: () => ({ email: s.driver.email, password: 'wrong-password' }),
    token: () => undefined,
  },
  {
    name: 'refresh',
    method: 'POST',
    path: () => '/v1/token/refresh',
    schema: { properties: { token: {} } },
    valid: () => ({ token: 'x' }),
    token: () => undefined,
  },
  {
    name: 'revoke',
    method: 'POST',
    path: () => '/v1/token/revoke',
    schema: { properties: { token: {} } },
    valid: () => ({ token: 'x' }),
    token: () => undefined,
  },
  {
    name: 'dispatch organisation',
    method: 'POST',
    path: () => '/v1/dispatch/organisations',
    schema: createOrganisationBody,
    valid: () => ({ name: 'Fuzz' }),
    token: () => t.config.dispatchToken,
  },
  {
    name: 'dispatch route',
    method: 'POST',
    path: () => '/v1/dispatch/routes',
    schema: createRouteBody,
    valid: () => ({ organisation_id: s.driver.organisationId, date: '2030-01-01', stops: stopsAroundUtrecht(1) }),
    token: () => t.config.dispatchToken,
  },
];

it('answers every generated bad body on every endpoint without a 5xx', { timeout: 600_000 }, async () => {
  const statuses = new Map<number, number>();
  let sent = 0;
  for (const target of targets) {
    const fields = [...Object.keys(target.schema.properties), 'unexpected_field'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), hostile, fc.boolean(), async (field, value, whole) => {
        // Either one field replaced in a valid body, or the whole body replaced.
        const body = whole ? value : { ...target.valid(), [field]: value };
        const res = await t.request<{ message?: string }>(target.method, target.path(), {
          token: target.token(),
          rawBody: JSON.stringify(body) ?? 'null',
        });
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `${target.name} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect(typeof res.body?.message, target.name).toBe('string');
      }),
      { numRuns: RUNS },
    );
  }
  const refused = [...statuses].filter(([status]) => status >= 400).reduce((n, [, count]) => n + count, 0);
  const fivexx = [...statuses].filter(([status]) => status >= 500).length;
  console.log(
    `reliability: bad input ${sent} generated bodies on ${targets.length} endpoints -> ${fivexx} answers 5xx, ${refused} refused 4xx (${[
      ...statuses,
    ]
      .sort()
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')})`,
  );
});
