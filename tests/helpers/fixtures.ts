/** Test data written through the same repository functions the dispatcher API and the seed use. */

import { hashPassword } from '../../src-server/auth/passwords.ts';
import { createDriver, createOrganisation } from '../../src-server/repo/organisations.ts';
import { createRoute } from '../../src-server/repo/route-creation.ts';
import type { CreateRouteRequest, StopInput } from '../../src-shared/protocol/dispatch.ts';
import type { OrganisationConfig, Plan } from '../../src-shared/protocol/entities.ts';
import type { TokenPair } from '../../src-shared/protocol/http.ts';
import type { TestServer } from './server.ts';

export const PASSWORD = 'test-password';
let passwordHash: Promise<string> | null = null;
let seq = 0;

export interface DriverFixture {
  driverId: number;
  organisationId: number;
  email: string;
}

export async function makeOrganisation(
  t: TestServer,
  input: {
    name?: string;
    customer_id?: string | null;
    plan?: Partial<Plan>;
    config?: Partial<OrganisationConfig>;
    subscription_status?: 'active' | 'canceled';
    time_zone?: string | null;
  } = {},
): Promise<number> {
  return createOrganisation(
    t.server.ctx.db,
    { name: input.name ?? `Org ${++seq}`, ...input },
    new Date().toISOString(),
  );
}

export async function makeDriver(t: TestServer, organisationId?: number, email?: string): Promise<DriverFixture> {
  const orgId = organisationId ?? (await makeOrganisation(t));
  passwordHash ??= hashPassword(PASSWORD);
  const address = email ?? `driver${++seq}-${Date.now()}@example.test`;
  const driverId = await createDriver(
    t.server.ctx.db,
    { email: address, password: PASSWORD, first_name: 'Test', last_name: `Driver ${seq}`, organisation_id: orgId },
    new Date().toISOString(),
    await passwordHash,
  );
  return { driverId, organisationId: orgId, email: address };
}

/** A start, `n` deliveries around Utrecht and an end. */
export function stopsAroundUtrecht(n: number, extra: Partial<StopInput> = {}): StopInput[] {
  const stops: StopInput[] = [{ type: 'start', lat: 52.0907, lng: 5.1214, street: 'Depot 1', city: 'Utrecht' }];
  for (let i = 0; i < n; i++) {
    stops.push({
      type: 'delivery',
      lat: 52.08 + i * 0.003,
      lng: 5.1 + i * 0.004,
      street: `Teststraat ${i + 1}`,
      city: 'Utrecht',
      recipient_name: `Recipient ${i + 1}`,
      recipient_phone: '31612345678',
      units: [{ name: 'Parcel+XL', quantity: 1, note: null, barcode: null }],
      ...extra,
    });
  }
  stops.push({ type: 'end', lat: 52.0907, lng: 5.1214, street: 'Depot 1', city: 'Utrecht' });
  return stops;
}

export async function makeRoute(
  t: TestServer,
  driver: DriverFixture,
  input: Partial<CreateRouteRequest> = {},
): Promise<{ routeId: number; projectId: number }> {
  const routeId = await t.server.ctx.db.transaction().execute((trx) =>
    createRoute(
      trx,
      {
        organisation_id: driver.organisationId,
        driver_id: driver.driverId,
        project_name: 'Test project',
        vehicle_name: 'Van 1',
        stops: stopsAroundUtrecht(3),
        ...input,
      },
      new Date().toISOString(),
    ),
  );
  const row = await t.server.ctx.db
    .selectFrom('routes')
    .select('project_id')
    .where('id', '=', routeId)
    .executeTakeFirstOrThrow();
  return { routeId, projectId: row.project_id };
}

export async function signIn(t: TestServer, email: string, password = PASSWORD): Promise<TokenPair> {
  const res = await t.request<TokenPair>('POST', '/v1/drivers/signin', { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
