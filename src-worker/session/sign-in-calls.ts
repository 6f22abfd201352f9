/**
 * The sign-in screens' calls: the email step, the password step and the password reset. Each checks its input
 * first and answers in the screens' error codes; the password step stores the driver its tokens name.
 */
import { type Failure, fail, ok, okVoid, type Result } from '../../src-shared/api/worker-api.ts';
import { EMAIL_MAX_LENGTH } from '../../src-shared/limits.ts';
import type { SignInStepOneAnswer, TokenPair } from '../../src-shared/protocol/http.ts';
import type { ApiClient, ApiOutcome } from '../net/api-client.ts';
import type { AppStorage, StoredDriver } from '../storage/app-db.ts';
import { profileFromToken } from './jwt.ts';

/** Sign-in's rule: an unknown email is "No user found"; no answer is offline; anything else is a wrong password. */
function signInFailure(outcome: Exclude<ApiOutcome<unknown>, { ok: true }>) {
  if (outcome.kind === 'offline') return fail('offline');
  return outcome.status === 404
    ? fail('no_user', undefined, 'email')
    : fail('incorrect_password', undefined, 'password');
}

function checkEmailInput(email: string): Failure | null {
  if (email === '') return fail('empty_field', undefined, 'email');
  if (email.length > EMAIL_MAX_LENGTH) return fail('too_long', String(EMAIL_MAX_LENGTH), 'email');
  return null;
}

/** Sign-in step one: does a driver with this email exist? */
export async function checkEmail(api: ApiClient, raw: string): Promise<Result> {
  const email = raw.trim();
  const invalid = checkEmailInput(email);
  if (invalid) return invalid;
  const res = await api.request<SignInStepOneAnswer>('POST', '/v1/drivers/signin', {
    auth: 'none',
    body: { email },
  });
  return res.ok ? okVoid : signInFailure(res);
}

/** Sign-in step two: the driver the answered tokens name, stored on the device (the session then signs in as it). */
export async function signInWithPassword(
  api: ApiClient,
  storage: () => Promise<AppStorage>,
  raw: string,
  password: string,
): Promise<Result<StoredDriver>> {
  const email = raw.trim();
  const invalid = checkEmailInput(email);
  if (invalid) return invalid;
  if (password === '') return fail('empty_field', undefined, 'password');
  const res = await api.request<TokenPair>('POST', '/v1/drivers/signin', {
    auth: 'none',
    body: { email, password },
  });
  if (!res.ok) return signInFailure(res);
  const profile = profileFromToken(res.data.accessToken, email);
  if (!profile) return fail('unknown');
  const next = { ...profile, ...res.data };
  await (await storage()).putDriver(next);
  return ok(next);
}

export async function requestPasswordReset(api: ApiClient, raw: string): Promise<Result> {
  const email = raw.trim();
  const invalid = checkEmailInput(email);
  if (invalid) return invalid;
  const res = await api.request('GET', `/v1/drivers/password/forgot?email=${encodeURIComponent(email)}`, {
    auth: 'none',
  });
  if (res.ok) return okVoid;
  return res.kind === 'offline' ? fail('offline') : fail('server_message', res.message);
}
