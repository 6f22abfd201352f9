/** Two-step sign-in, refresh with rotation and reuse detection, forgot password, and the driver record. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Driver } from '../../src-shared/protocol/entities.ts';
import type {
  ForgotPasswordAnswer,
  RefreshRequest,
  SignInRequest,
  SignInStepOneAnswer,
  TokenPair,
} from '../../src-shared/protocol/http.ts';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords.ts';
import { authenticateDriver } from '../auth/principal.ts';
import { isoNow, type ServerContext } from '../context.ts';
import type { DriverRow } from '../db/schema.ts';
import { forbidden, HttpError, notFound, unauthorized } from './errors.ts';

export const EMAIL_MAX_LENGTH = 254;
export const NO_USER_MESSAGE = 'No user found';
export const WRONG_PASSWORD_MESSAGE = 'Incorrect password';
export const FORGOT_MESSAGE = 'If this email belongs to a driver, instructions to reset the password have been sent.';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function serializeDriver(row: DriverRow): Driver {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    organisation_id: row.organisation_id,
  };
}

/** Signs a fresh access token and a refresh token of the given family, and records the refresh token. */
export async function issueTokens(ctx: ServerContext, driver: DriverRow, familyId: string): Promise<TokenPair> {
  const org = await ctx.db
    .selectFrom('organisations')
    .select('name')
    .where('id', '=', driver.organisation_id)
    .executeTakeFirstOrThrow();
  const access = await ctx.tokens.signAccess({
    id: driver.id,
    first_name: driver.first_name,
    last_name: driver.last_name,
    organisationName: org.name,
    organisationId: driver.organisation_id,
  });
  const refresh = await ctx.tokens.signRefresh(driver.id, familyId);
  await ctx.db
    .insertInto('refresh_tokens')
    .values({
      jti: refresh.jti,
      family_id: familyId,
      driver_id: driver.id,
      issued_at: isoNow(ctx),
      expires_at: new Date(refresh.expiresAt).toISOString(),
      used_at: null,
      replaced_by: null,
      revoked_at: null,
    })
    .execute();
  return { accessToken: access.token, refreshToken: refresh.token, expiresAt: access.expiresAt };
}

const emailSchema = { type: 'string', minLength: 1, maxLength: EMAIL_MAX_LENGTH } as const;

export function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const limit = ctx.config.signinRateLimit;
  const rateLimit = limit > 0 ? { rateLimit: { max: limit, timeWindow: '1 minute' } } : {};

  app.post<{ Body: SignInRequest }>(
    '/v1/drivers/signin',
    {
      config: rateLimit,
      schema: {
        body: {
          type: 'object',
          required: ['email'],
          additionalProperties: false,
          properties: { email: emailSchema, password: { type: 'string', maxLength: 1024 } },
        },
      },
    },
    async (request): Promise<SignInStepOneAnswer | TokenPair> => {
      const email = normaliseEmail(request.body.email);
      const driver = await ctx.db.selectFrom('drivers').selectAll().where('email', '=', email).executeTakeFirst();
      const { password } = request.body;
      if (password === undefined) {
        if (!driver) throw notFound(NO_USER_MESSAGE, 'email');
        return { email, next: 'password' };
      }
      // Verify even for an unknown email so both answers take as long.
      const ok = await verifyPassword(driver?.password_hash ?? (await dummyPasswordHash()), password);
      if (!driver) throw notFound(NO_USER_MESSAGE, 'email');
      if (!ok) throw new HttpError(401, WRONG_PASSWORD_MESSAGE, 'password');
      return issueTokens(ctx, driver, randomUUID());
    },
  );

  app.post<{ Body: RefreshRequest }>(
    '/v1/token/refresh',
    {
      schema: {
        body: {
          type: 'object',
          required: ['token'],
          additionalProperties: false,
          properties: { token: { type: 'string', minLength: 1, maxLength: 4096 } },
        },
      },
    },
    async (request): Promise<TokenPair> => {
      let claims: Awaited<ReturnType<typeof ctx.tokens.verifyRefresh>>;
      try {
        claims = await ctx.tokens.verifyRefresh(request.body.token);
      } catch {
        throw unauthorized('The refresh token is invalid or has expired');
      }
      const row = await ctx.db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('jti', '=', claims.jti)
        .executeTakeFirst();
      if (!row || row.revoked_at) throw unauthorized('The refresh token has been revoked');
      const driver = await ctx.db.selectFrom('drivers').selectAll().where('id', '=', row.driver_id).executeTakeFirst();
      if (!driver) throw unauthorized('The driver no longer exists');
      const now = isoNow(ctx);
      // Claim the token: only one caller can turn used_at from null to now.
      const claimed = await ctx.db
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('jti', '=', row.jti)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) {
        const usedAt = (
          await ctx.db
            .selectFrom('refresh_tokens')
            .select('used_at')
            .where('jti', '=', row.jti)
            .executeTakeFirstOrThrow()
        ).used_at;
        const age = ctx.now() - Date.parse(usedAt ?? now);
        if (age > ctx.config.refreshGraceSeconds * 1000) {
          // Reuse long after rotation: someone else holds the family; end it (RFC 9700 4.14).
          await ctx.db
            .updateTable('refresh_tokens')
            .set({ revoked_at: now })
            .where('family_id', '=', row.family_id)
            .where('revoked_at', 'is', null)
            .execute();
          request.log.warn({ driverId: row.driver_id, family: row.family_id }, 'refresh token reuse: family revoked');
          throw unauthorized('This refresh token was already used; please sign in again');
        }
        // Within the grace window: the answer to the first use was probably lost on the way.
      }
      const pair = await issueTokens(ctx, driver, row.family_id);
      const next = await ctx.tokens.verifyRefresh(pair.refreshToken);
      await ctx.db
        .updateTable('refresh_tokens')
        .set({ replaced_by: next.jti })
        .where('jti', '=', row.jti)
        .where('replaced_by', 'is', null)
        .execute();
      return pair;
    },
  );

  app.get<{ Querystring: { email: string } }>(
    '/v1/drivers/password/forgot',
    {
      config: rateLimit,
      schema: {
        querystring: {
          type: 'object',
          required: ['email'],
          properties: { email: emailSchema },
        },
      },
    },
    async (request): Promise<ForgotPasswordAnswer> => {
      const email = normaliseEmail(request.query.email);
      const driver = await ctx.db.selectFrom('drivers').select('id').where('email', '=', email).executeTakeFirst();
      await ctx.db
        .insertInto('password_resets')
        .values({ email, driver_id: driver?.id ?? null, requested_at: isoNow(ctx), client_ip: request.ip })
        .execute();
      // The same answer for every address, so the call cannot tell which emails exist.
      return { message: FORGOT_MESSAGE };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/v1/drivers/:id',
    { schema: { params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } } } },
    async (request): Promise<Driver> => {
      const principal = await authenticateDriver(ctx, request);
      if (request.params.id !== principal.driverId) throw forbidden('A driver can read only their own record');
      const row = await ctx.db
        .selectFrom('drivers')
        .selectAll()
        .where('id', '=', principal.driverId)
        .executeTakeFirst();
      if (!row) throw notFound('No driver found with this id', 'id');
      return serializeDriver(row);
    },
  );
}
