/**
 * Organisations: the caller's own, its time zone and subscription, and creating organisations and drivers (the
 * dispatcher API, the demo seed and test fixtures).
 */
import type { Kysely, Transaction } from 'kysely';
import { timeZoneName } from '../../src-shared/domain/time-zone.ts';
import type { CreateDriverRequest, CreateOrganisationRequest } from '../../src-shared/protocol/dispatch.ts';
import {
  type Organisation,
  type OrganisationConfig,
  PLAN_FLAGS,
  type Plan,
} from '../../src-shared/protocol/entities.ts';
import { SUBSCRIPTION_CANCELED_MESSAGE } from '../../src-shared/protocol/http.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { ServerContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { normaliseEmail } from '../domain/email.ts';
import { badRequest, notFound } from '../domain/errors.ts';
import { serializeOrganisation } from './serialize.ts';

type Q = Kysely<Database> | Transaction<Database>;

const DEFAULT_CONFIG: OrganisationConfig = {
  allowed_to_call_recipient: true,
  require_name_with_signature: false,
};

export function fullPlan(name = 'Pro', on = true): Plan {
  return { name, ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, on])) as Omit<Plan, 'name'>) };
}

/** A time zone as stored: its IANA spelling, or null for the server's TIME_ZONE; anything else is a 400. */
export function storedTimeZone(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const name = timeZoneName(value);
  if (!name)
    throw badRequest(
      `time_zone must be an IANA time zone name such as Europe/Amsterdam, got "${value.slice(0, 100)}"`,
      'time_zone',
    );
  return name;
}

const ORGANISATION_NOT_FOUND = 'No organisation found';

/** The caller's own organisation (GET /v1/organisations). */
export async function callerOrganisation(
  ctx: Pick<ServerContext, 'db' | 'config'>,
  organisationId: number,
): Promise<Organisation> {
  const row = await ctx.db.selectFrom('organisations').selectAll().where('id', '=', organisationId).executeTakeFirst();
  if (!row) throw notFound(ORGANISATION_NOT_FOUND, 'organisation');
  return serializeOrganisation(row, ctx.config.timeZone);
}

/** A canceled subscription reads no routes: the app shows the server's sentence (spec section 7). */
export async function assertSubscriptionActive(db: Q, organisationId: number): Promise<void> {
  const org = await db
    .selectFrom('organisations')
    .select('subscription_status')
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  if (org.subscription_status === 'canceled') throw badRequest(SUBSCRIPTION_CANCELED_MESSAGE);
}

/** The zone an organisation's dates and times of day are in: its own, else the server's TIME_ZONE. */
export async function organisationTimeZone(
  ctx: Pick<ServerContext, 'db' | 'config'>,
  organisationId: number,
  db: Q = ctx.db,
): Promise<string> {
  const row = await db
    .selectFrom('organisations')
    .select('time_zone')
    .where('id', '=', organisationId)
    .executeTakeFirst();
  if (!row) throw notFound(ORGANISATION_NOT_FOUND, 'organisation');
  return row.time_zone ?? ctx.config.timeZone;
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
      time_zone: storedTimeZone(input.time_zone),
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
      email: normaliseEmail(input.email),
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
