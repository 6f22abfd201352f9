import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import polyline from '@mapbox/polyline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legMetres, PROFILE_SPEED } from '../../src-shared/domain/route-plan.ts';
import type { OsrmAnswer } from '../../src-shared/protocol/http.ts';
import { makeDriver, signIn } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeLink, routeSession } from '../helpers/sessions.ts';

const POINTS = [
  { lng: 5.1214, lat: 52.0907 },
  { lng: 5.13, lat: 52.1 },
  { lng: 5.14, lat: 52.11 },
];
const COORDINATES = POINTS.map((p) => `${p.lng},${p.lat}`).join(';');

async function tokenFor(t: TestServer): Promise<string> {
  return (await signIn(t, (await makeDriver(t)).email)).accessToken;
}

const ask = (t: TestServer, token: string | undefined, body: unknown, query = '?overview=full') =>
  t.request<OsrmAnswer & { message?: string; field?: string }>('POST', `/v1/osrmb${query}`, { token, body });

describe('without an OSRM server', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer();
    token = await tokenFor(t);
  });
  afterAll(() => t.close());

  it('answers a straight line through the points, with distance, duration and fallback: true', async () => {
    const res = await ask(t, token, { coordinates: COORDINATES });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('Ok');
    expect(res.body.fallback).toBe(true);
    const [route] = res.body.routes;
    const decoded = polyline.decode(route!.geometry, 5);
    expect(decoded).toEqual(POINTS.map((p) => [p.lat, p.lng]));
    const metres = legMetres(POINTS[0]!, POINTS[1]!) + legMetres(POINTS[1]!, POINTS[2]!);
    expect(route!.distance).toBe(metres);
    expect(route!.duration).toBe(Math.round(metres / PROFILE_SPEED.car));
    const bike = await ask(t, token, { coordinates: COORDINATES, profile: 'bicycle' });
    expect(bike.body.routes[0]!.duration).toBe(Math.round(metres / PROFILE_SPEED.bicycle));
  });

  it('refuses bad input with 400 naming the problem', async () => {
    const many = Array.from({ length: 501 }, () => '5.1,52.1').join(';');
    const cases: [unknown, RegExp][] = [
      [{ coordinates: '5.1,52.1' }, /2 to 500 points, got 1/],
      [{ coordinates: many }, /2 to 500 points, got 501/],
      [{ coordinates: '5.1,52.1;5.2,abc' }, /point 2 \("5.2,abc"\) is not a valid lng,lat pair/],
      [{ coordinates: '5.1,52.1;5.2,95' }, /point 2/],
      [{ coordinates: '190,52.1;5.2,52.2' }, /point 1/],
      [{ coordinates: '5.1,52.1;;5.2,52.2' }, /point 2/],
      [{ coordinates: COORDINATES, profile: 'truck' }, /profile/],
      [{ profile: 'car' }, /coordinates is required/],
      [{ coordinates: COORDINATES, speed: 3 }, /speed is not an allowed field/],
    ];
    for (const [body, message] of cases) {
      const res = await ask(t, token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await ask(t, token, { coordinates: COORDINATES }, '?overview=simplified')).status).toBe(400);
  });

  it('needs a driver or a shared link', async () => {
    expect((await ask(t, undefined, { coordinates: COORDINATES })).status).toBe(401);
    const s = await routeSession(t);
    expect((await ask(t, await makeLink(t, s.routeId), { coordinates: COORDINATES })).status).toBe(200);
  });
});

describe('with an OSRM server', () => {
  let osrm: Server;
  let t: TestServer;
  let token: string;
  const seen: string[] = [];
  /** What the fake OSRM answers next: status and body text. */
  let next: [number, string];
  const route = { geometry: 'abc_Fake', distance: 1234.5, duration: 321.7, weight: 400, legs: [] };

  beforeAll(async () => {
    osrm = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(next[0], { 'content-type': 'application/json' }).end(next[1]);
    });
    await new Promise<void>((resolve) => osrm.listen(0, '127.0.0.1', resolve));
    const { port } = osrm.address() as AddressInfo;
    t = await startTestServer({ env: { OSRM_URL: `http://127.0.0.1:${port}/` } });
    token = await tokenFor(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => osrm.close(resolve));
  });

  it('asks OSRM with the profile and passes its route on', async () => {
    next = [200, JSON.stringify({ code: 'Ok', routes: [route], waypoints: [] })];
    const res = await ask(t, token, { coordinates: COORDINATES });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 'Ok', routes: [{ geometry: 'abc_Fake', distance: 1234.5, duration: 321.7 }] });
    expect(seen.at(-1)).toBe(`/route/v1/driving/${COORDINATES}?overview=full&geometries=polyline`);
    await ask(t, token, { coordinates: COORDINATES, profile: 'bicycle' });
    expect(seen.at(-1)).toMatch(/^\/route\/v1\/cycling\//);
  });

  it('falls back to a straight line when OSRM fails, finds no route or answers nonsense', async () => {
    for (const answer of [
      [500, JSON.stringify({ code: 'InvalidQuery' })],
      [400, JSON.stringify({ code: 'NoRoute', message: 'Impossible route' })],
      [200, 'not json'],
      [200, JSON.stringify({ code: 'Ok', routes: [{ geometry: 42 }] })],
    ] as [number, string][]) {
      next = answer;
      const res = await ask(t, token, { coordinates: COORDINATES });
      expect(res.status, answer[1]).toBe(200);
      expect(res.body.fallback, answer[1]).toBe(true);
      expect(polyline.decode(res.body.routes[0]!.geometry, 5)).toHaveLength(3);
    }
  });

  it('falls back when OSRM is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const gone = await startTestServer({ env: { OSRM_URL: `http://127.0.0.1:${port}` } });
    try {
      const res = await ask(gone, await tokenFor(gone), { coordinates: COORDINATES });
      expect(res).toMatchObject({ status: 200, body: { fallback: true } });
    } finally {
      await gone.close();
    }
  });
});
