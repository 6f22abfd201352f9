/**
 * The words for a stop action's outcome (spec section 8 "Driver alerts" and "Success messages"), pure: which block a
 * refused completion names (its text: src-ui/stops/block-text.ts), and the snackbar after a completion.
 */

import type { CompletionStatus } from '../../../src-shared/domain/completion-rules.ts';
import type { ActionBlock } from '../../../src-shared/domain/stops.ts';
import type { StopType } from '../../../src-shared/protocol/entities.ts';
import type { Translate } from '../../i18n/format.ts';

const BLOCK_KINDS: readonly ActionBlock['kind'][] = [
  'not_started',
  'route_finished',
  'break_first',
  'earlier_stop',
  'complete_all_first',
];

/**
 * A `blocked` failure of completeStop carries only the kind; the stop number of `earlier_stop` comes from the
 * block the UI computes itself (`local`), when it has one of the same kind.
 */
export function blockFromFailure(kind: string | undefined, local: ActionBlock | null): ActionBlock | null {
  if (local && (kind === undefined || local.kind === kind)) return local;
  if (!kind || !BLOCK_KINDS.includes(kind as ActionBlock['kind']) || kind === 'earlier_stop') return null;
  return { kind } as ActionBlock;
}

/** "Stop 3 skipped", "Stop 3 picked up", "Stop 3 delivered". */
export function successText(status: CompletionStatus, type: StopType, number: number | string, t: Translate): string {
  if (status === 'skipped') return t('success.stopSkipped', { number });
  return t(type === 'pickup' ? 'success.stopPickedUp' : 'success.stopDelivered', { number });
}

/** The ids of the proof confirmations of the complete screen ("Photo added" and the like). */
export const PROOF_SNACKBAR = {
  photo: 'photo-added',
  signature: 'signature-added',
  age: 'age-verification',
} as const;

/** What a stop's completion makes old news (see SnackbarItem.supersedes). */
export const PROOF_SNACKBARS: readonly string[] = Object.values(PROOF_SNACKBAR);

/** A wrong delivery code (issue 34): the tries the stop still takes, or that it is locked (the core's message says). */
export function wrongCodeText(triesLeft: string | undefined, t: Translate): string {
  const count = Number(triesLeft);
  if (!Number.isInteger(count)) return t('errors.intent.wrong_delivery_code', {});
  return count > 0 ? t('deliveryCode.wrong', { count }) : t('deliveryCode.locked', {});
}
