/** What the driver reads when the server refused a completion for good (the outbox parked it). */
import type { ParkedCompletion } from '../../src-shared/state/app-state.ts';
import type { Translate } from '../i18n/format.ts';

/** Why, in the spec's words where it has them (section 8, "Stop not found"), else the server's own. */
export function refusalReason(parked: Pick<ParkedCompletion, 'reason' | 'field' | 'message'>, t: Translate): string {
  if (parked.reason === 'not_found') {
    if (parked.field === 'service') return t('outbox.reasons.stopGone', {});
    if (parked.field === 'id') return t('outbox.reasons.routeGone', {});
  }
  if (parked.reason === 'too_large') return t('outbox.reasons.tooLarge', {});
  if (parked.reason === 'link_refused') return t('errors.intent.link_refused', {});
  if (parked.reason === 'server_error' || !parked.message) return t('outbox.reasons.serverError', {});
  return t('outbox.reasons.refused', { message: parked.message });
}

/**
 * Whether sending it again can ever work: not for a shared link the server refused, which it refuses for good
 * (src-worker/session/refused-links.ts), so a Retry would only park it again (issue 46).
 */
export const canSendAgain = (parked: Pick<ParkedCompletion, 'reason'>): boolean => parked.reason !== 'link_refused';

/** "Stop 3 (Bram van den Berg) was not saved. Stop not found. Please reload your route." */
export function refusalText(parked: ParkedCompletion, t: Translate): string {
  const reason = refusalReason(parked, t);
  const { number, name } = parked.stop;
  return number === null
    ? t('outbox.refusedUnnumbered', { name, reason })
    : t('outbox.refused', { number, name, reason });
}
