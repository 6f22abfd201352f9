/**
 * The driver alert for an action the route's state refuses (spec section 8 "Driver alerts"): the route view's
 * buttons and the stop screens say the same, pure given a `t`.
 */
import type { ActionBlock } from '../../src-shared/domain/stops.ts';
import type { Translate } from '../i18n/format.ts';

/** "You need to start the route first." and the like; a kind this build does not know says the stop is blocked. */
export function blockText(block: ActionBlock, t: Translate): string {
  switch (block.kind) {
    case 'not_started':
      return t('alerts.startRouteFirst', {});
    case 'route_finished':
      return t('alerts.routeAlreadyCompleted', {});
    case 'break_first':
      return t('alerts.completeBreakFirst', {});
    case 'earlier_stop':
      return t('Stop.incompleteAlert', { number: block.number });
    case 'complete_all_first':
      return t('alerts.completeAllStops', {});
    default: {
      block satisfies never;
      return t('errors.intent.blocked', {});
    }
  }
}
