/**
 * Two-step sign-in, refresh with rotation and reuse detection, revoke (auth/token-pairs.ts), forgot password, and the
 * driver record. The sign-in steps and forgot password are limited per client address (SIGNIN_RATE_LIMIT) and per
 * email (auth/attempt-limit.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Driver } from '../../src-shared/protocol/entities.ts';
import type {
  ForgotPasswordAnswer,
  ForgotPasswordRequest,
  RefreshRequest,
  RevokeRequest,
  SignInRequest,
  SignInStepOneAnswer,
  TokenPair,
} from '../../src-shared/protocol/http.ts';
import type { IdPath } from '../../src-shared/schemas/driver.ts';
import { assertMayAttempt, attemptKey, clearAttempts, recordFailure, takeAttempt } from '../auth/attempt-limit.ts';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords.ts';
import { authenticateDriver } from '../auth/principal.ts';
import { issueTokens, refreshTokens, revokeTokenFamily } from '../auth/token-pairs.ts';
import { isoNow, type ServerContext } from '../context.ts';
import { normaliseEmail } from '../domain/email.ts';
import { forbidden, notFound, unauthorized } from '../domain/errors.ts';
import { findDriverByEmail, loadDriver, recordPasswordReset } from '../repo/drivers.ts';
import { forgotPasswordQuery, idParams, refreshBody, revokeBody, signInBody } from './driver-schemas.ts';

const NO_USER_MESSAGE = 'No user found';
const WRONG_PASSWORD_MESSAGE = 'Incorrect password';
const FORGOT_MESSAGE = 'If this email belongs to a driver, instructions to reset the password have been sent.';

export function registerAuthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const limit = ctx.config.signinRateLimit;
  const rateLimit = limit > 0 ? { rateLimit: { max: limit, timeWindow: '1 minute' } } : {};

  app.post<{ Body: SignInRequest }>(
    '/v1/drivers/signin',
    {
      config: rateLimit,
      schema: { body: signInBody },
    },
    async (request): Promise<SignInStepOneAnswer | TokenPair> => {
      const email = normaliseEmail(request.body.email);
      const key = attemptKey('signin', email);
      const { password } = request.body;
      if (password === undefined) {
        // Step one asks nothing secret; only an unknown email counts as a failure (an enumeration probe).
        await assertMayAttempt(ctx, key);
        const driver = await findDriverByEmail(ctx.db, email);
        if (driver) return { email, next: 'password' };
        await recordFailure(ctx, key);
        throw notFound(NO_USER_MESSAGE, 'email');
      }
      // Counted before the (slow) check, so guesses sent at once cannot all pass the limit first.
      await takeAttempt(ctx, key);
      const driver = await findDriverByEmail(ctx.db, email);
      // Verify even for an unknown email so both answers take as long.
      const ok = await verifyPassword(driver?.password_hash ?? (await dummyPasswordHash()), password);
      if (!driver) throw notFound(NO_USER_MESSAGE, 'email');
      if (!ok) throw unauthorized(WRONG_PASSWORD_MESSAGE, 'password');
      await clearAttempts(ctx, key);
      return issueTokens(ctx, driver);
    },
  );

  app.post<{ Body: RefreshRequest }>(
    '/v1/token/refresh',
    { schema: { body: refreshBody } },
    async (request): Promise<TokenPair> => refreshTokens(ctx, request.body.token, request.log),
  );

  // Sign-out (RFC 7009): 200 with no body for any token but a link's, so the app can send it until it hears back.
  app.post<{ Body: RevokeRequest }>('/v1/token/revoke', { schema: { body: revokeBody } }, async (request, reply) => {
    await revokeTokenFamily(ctx, request.body.token);
    return reply.code(200).send();
  });

  app.get<{ Querystring: ForgotPasswordRequest }>(
    '/v1/drivers/password/forgot',
    {
      config: rateLimit,
      schema: { querystring: forgotPasswordQuery },
    },
    async (request): Promise<ForgotPasswordAnswer> => {
      const email = normaliseEmail(request.query.email);
      // Every request counts: there is no success to clear it, and each one would send an email.
      await takeAttempt(ctx, attemptKey('forgot', email));
      const driver = await findDriverByEmail(ctx.db, email);
      await recordPasswordReset(ctx.db, {
        email,
        driverId: driver?.id ?? null,
        requestedAt: isoNow(ctx),
        clientIp: request.ip,
      });
      // The same answer for every address, so the call cannot tell which emails exist.
      return { message: FORGOT_MESSAGE };
    },
  );

  app.get<{ Params: IdPath }>('/v1/drivers/:id', { schema: { params: idParams } }, async (request): Promise<Driver> => {
    const principal = await authenticateDriver(ctx, request);
    if (request.params.id !== principal.driverId) throw forbidden('A driver can read only their own record');
    return loadDriver(ctx.db, principal.driverId);
  });
}
