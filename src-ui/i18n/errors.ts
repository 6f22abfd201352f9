/**
 * From a failed intent (src-shared/api/worker-api.ts) or a worker notice to the message a driver reads.
 */
import type { IntentError } from '../../src-shared/api/worker-api.ts';
import type { NoticeKind } from '../../src-shared/state/app-state.ts';
import type { Translate } from './format.ts';

/** Every IntentError has its message; a new code without one is a compile error here. */
const INTENT_ERROR_KEYS: { readonly [E in IntentError]: `errors.intent.${E}` } = {
  empty_field: 'errors.intent.empty_field',
  too_long: 'errors.intent.too_long',
  no_user: 'errors.intent.no_user',
  incorrect_password: 'errors.intent.incorrect_password',
  offline: 'errors.intent.offline',
  unauthorized: 'errors.intent.unauthorized',
  link_refused: 'errors.intent.link_refused',
  not_found: 'errors.intent.not_found',
  subscription_cancelled: 'errors.intent.subscription_cancelled',
  route_expired: 'errors.intent.route_expired',
  stop_not_found: 'errors.intent.stop_not_found',
  fetch_failed: 'errors.intent.fetch_failed',
  no_publication_settings: 'errors.intent.no_publication_settings',
  start_too_early: 'errors.intent.start_too_early',
  blocked: 'errors.intent.blocked',
  unsent_pending: 'errors.intent.unsent_pending',
  unsupported_file: 'errors.intent.unsupported_file',
  invalid_completion: 'errors.intent.invalid_completion',
  wrong_delivery_code: 'errors.intent.wrong_delivery_code',
  server_message: 'errors.intent.server_message',
  unknown: 'errors.intent.unknown',
};

/** The i18n key of an intent error's message. `too_long` needs `{ max }`, `server_message` needs `{ message }`. */
export function intentErrorKey(error: IntentError): string {
  return INTENT_ERROR_KEYS[error];
}

/** The limits `too_long` refers to, by the failing field (spec section 9). */
const FIELD_MAX_LENGTH: Readonly<Record<string, number>> = {
  email: 254,
  completion_note: 500,
  recipient_note: 500,
};

/**
 * The translated text of a failed Result: the server's words for `server_message` (or the generic message when it
 * sent none), the field's limit for `too_long`.
 */
export function intentErrorText(
  failure: { error: IntentError; message?: string; field?: string },
  t: Translate,
  max?: number,
): string {
  if (failure.error === 'server_message') {
    return failure.message
      ? t(intentErrorKey('server_message'), { message: failure.message })
      : t(intentErrorKey('unknown'), {});
  }
  if (failure.error === 'too_long') {
    const limit = max ?? (failure.field !== undefined ? FIELD_MAX_LENGTH[failure.field] : undefined) ?? 500;
    return t(intentErrorKey('too_long'), { max: limit });
  }
  return t(intentErrorKey(failure.error), {});
}

const NOTICE_KEYS: { readonly [K in Exclude<NoticeKind, 'server_message'>]: string } = {
  logged_out_automatically: 'errors.intent.unauthorized',
  no_internet: 'snackbars.noInternet',
  app_updated: 'snackbars.appUpdated',
  completion_refused: 'outbox.refusedShort',
  route_updated: 'route.changes.updated',
  completion_kept_removed_stop: 'outbox.keptForRemovedStop',
};

/** The text of a worker notice (snackbar or alert). */
export function noticeText(notice: { kind: NoticeKind; text?: string }, t: Translate): string {
  if (notice.kind === 'server_message') {
    return notice.text ? t('errors.intent.server_message', { message: notice.text }) : t('errors.intent.unknown', {});
  }
  return t(NOTICE_KEYS[notice.kind], {});
}
