/**
 * Sets up the simulated fleet through the dispatcher API: one organisation, one route per driver with 20
 * deliveries, a shared link per route (link tokens cost no password hashing), and every route started.
 */
import type { LinkAnswer, StopInput } from '../../src-shared/protocol/dispatch.ts';
import type { HttpClient } from './http.ts';

export interface SimDriver {
  routeId: number;
  projectId: number;
  token: string;
  stopIds: number[];
}

const DELIVERIES_PER_ROUTE = 20;

function stops(i: number): StopInput[] {
  const base = { lat: 52.09 + (i % 50) * 0.002, lng: 5.12 + Math.floor(i / 50) * 0.002 };
  const list: StopInput[] = [{ type: 'start', ...base, street: 'Depot', city: 'Utrecht' }];
  for (let s = 0; s < DELIVERIES_PER_ROUTE; s++) {
    list.push({
      type: 'delivery',
      lat: base.lat + s * 0.001,
      lng: base.lng + s * 0.0015,
      street: `Benchstraat ${s + 1}`,
      city: 'Utrecht',
      recipient_name: `Recipient ${s + 1}`,
      units: [{ name: 'Parcel', quantity: 1, note: null, barcode: null }],
      requirements: { picture: true },
    });
  }
  list.push({ type: 'end', ...base, street: 'Depot', city: 'Utrecht' });
  return list;
}

async function ok(client: HttpClient, method: string, path: string, body: unknown, headers: Record<string, string>) {
  const res = await client.send(method, path, body, headers);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
  return JSON.parse(res.body);
}

export async function setUpFleet(client: HttpClient, dispatchToken: string, drivers: number, concurrency = 16) {
  const auth = { authorization: `Bearer ${dispatchToken}` };
  const org = await ok(client, 'POST', '/v1/dispatch/organisations', { name: 'Bench Fleet' }, auth);
  const fleet: SimDriver[] = new Array(drivers);
  let next = 0;
  async function worker() {
    while (next < drivers) {
      const i = next++;
      const route = await ok(
        client,
        'POST',
        '/v1/dispatch/routes',
        { organisation_id: org.id, project_name: 'Bench', vehicle_name: `Van ${i + 1}`, stops: stops(i) },
        auth,
      );
      const link: LinkAnswer = await ok(client, 'POST', `/v1/dispatch/routes/${route.id}/links`, undefined, auth);
      const base = `/v1/projects/${route.project_id}/routes/${route.id}`;
      await ok(client, 'POST', base, { status: 'in_progress' }, { authorization: `Bearer ${link.token}` });
      fleet[i] = {
        routeId: route.id,
        projectId: route.project_id,
        token: link.token,
        stopIds: route.stops.filter((s: { type: string }) => s.type === 'delivery').map((s: { id: number }) => s.id),
      };
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return fleet;
}
