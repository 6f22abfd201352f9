/**
 * Organisations: the caller's own, its time zone and subscription, and creating organisations and drivers (the
 * dispatcher API, the demo seed and test fixtures).
 */
import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_OUTCOME_CONFIG, isReasonCode } from '../../src-shared/domain/outcomes/rules.ts';
import { textLength } from '../../src-shared/domain/text.ts';
import { timeZoneName } from '../../src-shared/domain/time-zone.ts';
import { REASON_CODE_MAX_LENGTH, REASON_LABEL_MAX_LENGTH } from '../../src-shared/limits.ts';
import type { CreateDriverRequest, CreateOrganisationRequest } from '../../src-shared/protocol/dispatch.ts';
import {
  type FailureReasonSetting,
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

/** The config that came with issue 34: one stored before, or set without it, lacks it (serialize.ts has the defaults). */
type LaterConfig = 'failure_reasons' | 'code_exempt_places' | 'arrival_radius_m' | 'arrival_auto_record';
/** A config as stored. */
type StoredConfig = Omit<OrganisationConfig, LaterConfig> & Partial<Pick<OrganisationConfig, LaterConfig>>;

const DEFAULT_CONFIG: StoredConfig = {
  allowed_to_call_recipient: true,
  require_name_with_signature: false,
};

export function fullPlan(name = 'Pro', on = true): Plan {
  return { name, ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, on])) as Omit<Plan, 'name'>) };
}

/** A new organisation's plan: every flag of the spec on, the outcome features (issue 34) off unless asked for. */
const NEW_PLAN: Plan = {
  ...fullPlan(),
  ft_failure_reasons: false,
  ft_delivery_places: false,
  ft_delivery_codes: false,
  ft_arrival_detection: false,
};

type ConfigChanges = NonNullable<CreateOrganisationRequest['config']>;

/**
 * The organisation's failure reasons as stored (issue 34): each code one an organisation may set, once; a label of
 * at most REASON_LABEL_MAX_LENGTH characters (text.ts's count), required for a code outside the default list. Null:
 * the default list.
 */
function storedFailureReasons(list: ConfigChanges['failure_reasons']): FailureReasonSetting[] | null {
  if (!list) return null;
  assertReasonsLetDriversSkip(list);
  const seen = new Set<string>();
  return list.map((reason, i) => {
    const field = `config.failure_reasons.${i}`;
    if (!isReasonCode(reason.code))
      throw badRequest(
        `${field}.code must be at most ${REASON_CODE_MAX_LENGTH} lower-case letters, digits and _, starting with a letter`,
        `${field}.code`,
      );
    if (seen.has(reason.code)) throw badRequest(`${field}.code repeats another reason's code`, `${field}.code`);
    seen.add(reason.code);
    const label = reason.label?.trim() || null;
    if (label !== null && textLength(label) > REASON_LABEL_MAX_LENGTH)
      throw badRequest(`${field}.label is at most ${REASON_LABEL_MAX_LENGTH} characters`, `${field}.label`);
    // The app has words for the default codes only: a code of the organisation's own is shown as its label says.
    if (label === null && !DEFAULT_OUTCOME_CONFIG.failureReasons.some((known) => known.code === reason.code))
      throw badRequest(`${field}.label is required for a code of the organisation's own`, `${field}.label`);
    return { code: reason.code, label, photo: reason.photo ?? false, note: reason.note ?? false };
  });
}

/**
 * Where reasons are on, a stop is skipped only with one, and a route finishes only once every stop is done: a list
 * the driver cannot pick from locks every driver of the organisation out of finishing. So the list holds a reason.
 * (A reason asking for a note can always be given: the app opens the note for it even where the route's completion
 * notes are off, and the server takes it.)
 */
function assertReasonsLetDriversSkip(list: NonNullable<ConfigChanges['failure_reasons']>): void {
  const field = 'config.failure_reasons';
  if (list.length === 0)
    throw badRequest(
      `${field} must hold at least one reason, or be null for the default list: with none, no stop could be skipped`,
      field,
    );
}

/** The config after `changes`: each field given replaces the stored one, the reasons checked and completed. */
export function changedConfig(current: StoredConfig, changes: ConfigChanges | undefined): StoredConfig {
  if (!changes) return current;
  const next = { ...current, ...changes } as StoredConfig;
  if (changes.failure_reasons !== undefined) next.failure_reasons = storedFailureReasons(changes.failure_reasons);
  if (changes.code_exempt_places) next.code_exempt_places = [...new Set(changes.code_exempt_places)];
  return next;
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
      plan: JSON.stringify({ ...NEW_PLAN, ...input.plan }),
      config: JSON.stringify(changedConfig(DEFAULT_CONFIG, input.config)),
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
