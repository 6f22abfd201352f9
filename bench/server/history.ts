/**
 * A driver with a year of history (issue 21): 260 routes, one per working day back a year, all finished but the
 * last fortnight's, each with 20 deliveries. What their route list costs, signed in as the app is.
 */
import type { StopInput } from '../../src-shared/protocol/dispatch.ts';
import type { HttpClient } from './http.ts';

export const HISTORY_ROUTES = 260;
const DELIVERIES = 20;
const PASSWORD = 'bench-history-password';

function stops(): StopInput[] {
  const base = { lat: 52.09, lng: 5.12 };
  const list: StopInput[] = [{ type: 'start', ...base, street: 'Depot', city: 'Utrecht' }];
  for (let s = 0; s < DELIVERIES; s++) {
    list.push({ type: 'delivery', lat: base.lat + s * 0.001, lng: base.lng + s * 0.0015, street: `Jaarweg ${s + 1}` });
  }
  list.push({ type: 'end', ...base, street: 'Depot', city: 'Utrecht' });
  return list;
}

async function ok(client: HttpClient, method: string, path: string, body: unknown, headers: Record<string, string>) {
  const res = await client.send(method, path, body, headers);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
  return JSON.parse(res.body);
}

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Makes the driver and their routes through the dispatcher API; answers the driver's access token. */
export async function setUpYearOldDriver(client: HttpClient, dispatchToken: string): Promise<string> {
  const auth = { authorization: `Bearer ${dispatchToken}` };
  const org = await ok(client, 'POST', '/v1/dispatch/organisations', { name: 'Bench History' }, auth);
  const email = 'year.old.driver@bench.test';
  const driver = await ok(
    client,
    'POST',
    '/v1/dispatch/drivers',
    { email, password: PASSWORD, first_name: 'Year', last_name: 'Old', organisation_id: org.id },
    auth,
  );
  // One per working day: 260 routes reach back about a year.
  const days = Array.from({ length: 366 }, (_, i) => i).filter(
    (i) => ![0, 6].includes(new Date(isoDay(i)).getUTCDay()),
  );
  let next = 0;
  async function worker() {
    while (next < HISTORY_ROUTES) {
      const daysAgo = days[next++]!;
      await ok(
        client,
        'POST',
        '/v1/dispatch/routes',
        {
          organisation_id: org.id,
          driver_id: driver.id,
          project_name: `Day ${daysAgo}`,
          date: isoDay(daysAgo),
          status: daysAgo > 14 ? 'finished' : 'optimized',
          stops: stops(),
        },
        auth,
      );
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker));
  const pair = await ok(client, 'POST', '/v1/drivers/signin', { email, password: PASSWORD }, {});
  return pair.accessToken as string;
}

/** GET /v1/projects/routes `times` times in a row; answers each call's milliseconds. */
export async function timeRouteList(client: HttpClient, token: string, times: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const res = await client.send('GET', '/v1/projects/routes', undefined, { authorization: `Bearer ${token}` });
    if (res.status !== 200) throw new Error(`route list: ${res.status} ${res.body}`);
    samples.push(res.ms);
  }
  return samples;
}
