/** Creating organisations and drivers: used by the dispatcher API, the demo seed and test fixtures. */
import type { Kysely, Transaction } from 'kysely';
import type { CreateDriverRequest, CreateOrganisationRequest } from '../../src-shared/protocol/dispatch.ts';
import { type OrganisationConfig, PLAN_FLAGS, type Plan } from '../../src-shared/protocol/entities.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/schema.ts';

type Q = Kysely<Database> | Transaction<Database>;

export const DEFAULT_CONFIG: OrganisationConfig = {
  allowed_to_call_recipient: true,
  require_name_with_signature: false,
};

export function fullPlan(name = 'Pro', on = true): Plan {
  return { name, ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, on])) as Omit<Plan, 'name'>) };
}

export async function createOrganisation(db: Q, input: CreateOrganisationRequest, nowIso: string): Promise<number> {
  const row = await db
    .insertInto('organisations')
    .values({
      name: input.name,
      customer_id: input.customer_id ?? null,
      plan: JSON.stringify({ ...fullPlan(), ...input.plan }),
      config: JSON.stringify({ ...DEFAULT_CONFIG, ...input.config }),
      subscription_status: input.subscription_status ?? 'active',
      created_at: nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** `passwordHash` lets a caller that makes many drivers with one password hash it once. */
export async function createDriver(
  db: Q,
  input: CreateDriverRequest,
  nowIso: string,
  passwordHash?: string,
): Promise<number> {
  const row = await db
    .insertInto('drivers')
    .values({
      organisation_id: input.organisation_id,
      email: input.email.trim().toLowerCase(),
      password_hash: passwordHash ?? (await hashPassword(input.password)),
      first_name: input.first_name,
      last_name: input.last_name,
      phone: input.phone ?? null,
      created_at: nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
