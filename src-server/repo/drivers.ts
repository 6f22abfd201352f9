/** Drivers: the sign-in's lookups, the driver's own record, forgot-password requests, and the dispatcher's list. */
import type { Kysely, Transaction } from 'kysely';
import type { CreateDriverRequest } from '../../src-shared/protocol/dispatch.ts';
import type { Driver } from '../../src-shared/protocol/entities.ts';
import type { Database, DriverRow } from '../db/schema.ts';
import { normaliseEmail } from '../domain/email.ts';
import { conflict, notFound } from '../domain/errors.ts';
import { isUniqueViolation } from './completions.ts';
import { createDriver } from './organisations.ts';
import { serializeDriver } from './serialize.ts';

type Q = Kysely<Database> | Transaction<Database>;

const DRIVER_EMAIL_TAKEN = 'A driver with this email already exists';
export const DRIVER_NOT_FOUND = 'No driver found with this id';
export const ORGANISATION_ID_NOT_FOUND = 'No organisation found with this id';

/** `email` as normaliseEmail gives it. */
export function findDriverByEmail(db: Q, email: string): Promise<DriverRow | undefined> {
  return db.selectFrom('drivers').selectAll().where('email', '=', email).executeTakeFirst();
}

/** 404 naming `id` when there is no such driver. */
export async function loadDriver(db: Q, id: number): Promise<Driver> {
  const row = await db.selectFrom('drivers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(DRIVER_NOT_FOUND, 'id');
  return serializeDriver(row);
}

export async function listDrivers(db: Q, organisationId?: number): Promise<Driver[]> {
  let query = db.selectFrom('drivers').selectAll().orderBy('id');
  if (organisationId !== undefined) query = query.where('organisation_id', '=', organisationId);
  return (await query.execute()).map(serializeDriver);
}

/** The dispatcher's new driver: 404 for an unknown organisation, 409 for an email already taken. */
export async function registerDriver(
  db: Kysely<Database>,
  input: CreateDriverRequest,
  nowIso: string,
): Promise<Driver> {
  const org = await db
    .selectFrom('organisations')
    .select('id')
    .where('id', '=', input.organisation_id)
    .executeTakeFirst();
  if (!org) throw notFound(ORGANISATION_ID_NOT_FOUND, 'organisation_id');
  const email = normaliseEmail(input.email);
  if (await findDriverByEmail(db, email)) throw conflict(DRIVER_EMAIL_TAKEN, 'email');
  let id: number;
  try {
    id = await createDriver(db, { ...input, email }, nowIso);
  } catch (error) {
    // Two creations of one email at once: the database's unique index decides.
    if (isUniqueViolation(error)) throw conflict(DRIVER_EMAIL_TAKEN, 'email');
    throw error;
  }
  return loadDriver(db, id);
}

/** A forgot-password request, kept whether or not the email belongs to a driver (`driverId` null). */
export async function recordPasswordReset(
  db: Q,
  request: { email: string; driverId: number | null; requestedAt: string; clientIp: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      email: request.email,
      driver_id: request.driverId,
      requested_at: request.requestedAt,
      client_ip: request.clientIp,
    })
    .execute();
}
