/** How the sign-in words a failed intent, per step (spec section 5, Sign-in). */
import type { Failure, IntentError } from '../../../src-shared/api/worker-api.ts';
import { intentErrorText } from '../../i18n/errors.ts';
import type { Translate } from '../../i18n/format.ts';

const EMAIL_STEP_ERRORS: ReadonlySet<IntentError> = new Set(['empty_field', 'too_long', 'no_user', 'offline']);

/** Step one: empty, too long, no user, offline; anything else (a server failure) is "Something went wrong". */
export function emailErrorText(failure: Failure, t: Translate): string {
  return EMAIL_STEP_ERRORS.has(failure.error) ? intentErrorText(failure, t) : t('errors.intent.unknown', {});
}

/** Step two: empty, offline; a wrong password or any other sign-in failure is "Incorrect password". */
export function passwordErrorText(failure: Failure, t: Translate): string {
  return failure.error === 'empty_field' || failure.error === 'offline'
    ? intentErrorText(failure, t)
    : t('errors.intent.incorrect_password', {});
}
