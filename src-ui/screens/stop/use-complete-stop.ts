/**
 * Completing a stop from a stop window: the route's rules first (section 4: the alert naming what blocks), then
 * the core's completeStop with the device's position, then the success snackbar ("Stop 3 delivered") and back to
 * the route. A refusal from the core is shown as the same alerts.
 */
import { type ReadonlySignal, type Signal, signal } from '@preact/signals-core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure, StopCompletion } from '../../../src-shared/api/worker-api.ts';
import type { CompletionStatus } from '../../../src-shared/domain/completion-rules.ts';
import { actionBlock } from '../../../src-shared/domain/stops.ts';
import type { Variant } from '../../../src-shared/domain/variant.ts';
import type { Route, Stop } from '../../../src-shared/protocol/entities.ts';
import { useCore } from '../../app/core-context.tsx';
import { useFeedback } from '../../app/feedback.tsx';
import { intentErrorText } from '../../i18n/errors.ts';
import { dropDraft } from '../../scan/scan-draft.ts';
import { blockText } from '../../stops/block-text.ts';
import { stopName } from '../../stops/stop-display.ts';
import { useNav } from '../shared/navigation.ts';
import { blockFromFailure, PROOF_SNACKBARS, successText, wrongCodeText } from './stop-messages.ts';
import { usePosition } from './use-stop.ts';

export interface StopTarget {
  /**
   * The open route as it is when the driver acts (the order's rules read its other stops); null once it has closed,
   * for the screen is leaving then.
   */
  routeNow(): Pick<Route, 'status' | 'stops' | 'publication_settings'> | null;
  stop: Stop;
  number: number | null;
  /** The variant the screen shows (its URL mock included): the core checks the completion by the same rules. */
  variant?: Variant;
}

export interface CompleteStop {
  /**
   * A completion is on its way: the buttons show it and ignore repeats. A signal, read under useSignals() by the
   * button that shows it alone: the screen's fields do not re-render for it (issue 47).
   */
  busy: ReadonlySignal<boolean>;
  /** An alert with the app's "Attention" title. */
  refuse(message: string): void;
  /** True when the route's rules allow acting on the stop now; otherwise shows why and answers false. */
  allowed(): boolean;
  /**
   * Sends the completion (notes, and the proofs or the cleaning status when there are some); on success shows the
   * snackbar, goes back to the route and answers true.
   */
  complete(status: CompletionStatus, details?: Omit<StopCompletion, 'status' | 'position'>): Promise<boolean>;
}

/**
 * A refusal about the recipient's code (the core names the field: a wrong code with the tries left, locked, not a
 * code), answered by the screen under the code's field instead of in the alert (issue 45).
 */
type AnswerCode = (failure: Failure) => void;

export interface CompleteStopOptions {
  answerCode?: AnswerCode;
  /** The screen's own busy signal, when it holds what it shows while a completion is on its way. */
  busy?: Signal<boolean>;
}

export function useCompleteStop(
  base: string,
  { routeNow, stop, number, variant }: StopTarget,
  { answerCode, busy: screenBusy }: CompleteStopOptions = {},
): CompleteStop {
  const { t } = useTranslation();
  const { api } = useCore();
  const feedback = useFeedback();
  const nav = useNav();
  const position = usePosition();
  const [ownBusy] = useState(() => signal(false));
  const busy = screenBusy ?? ownBusy;

  const refuse = (message: string) => feedback.alert({ title: t('alerts.title'), message });

  return {
    busy,
    refuse,
    allowed() {
      const route = routeNow();
      // The route closed under the screen: it is leaving (useLeaveWhenGone), nothing to complete.
      if (!route) return false;
      const block = actionBlock(route, stop.id);
      if (block) refuse(blockText(block, t));
      return block === null;
    },
    async complete(status, details = {}) {
      if (busy.peek()) return false;
      busy.value = true;
      const result = await api.completeStop(stop.id, { ...details, status, position: position(), variant });
      if (result.ok) {
        // The units' scans went with the completion (or the stop was skipped): this visit's draft is done.
        dropDraft(stop.id);
        feedback.snackbar({
          id: `stop-completed-${stop.id}`,
          text: successText(status, stop.type, number ?? stopName(stop), t),
          tone: 'success',
          // The stop is done: "Photo added" and the like are old news, and would cover the next stop's buttons.
          supersedes: PROOF_SNACKBARS,
        });
        // Busy until the screen has closed (the way back lands a task later): the screen holding its view for the
        // completion closes without rendering its fields again to show the stop done.
        nav.back(base);
        return true;
      }
      busy.value = false;
      if (result.field === 'delivery_code' && answerCode) {
        answerCode(result);
      } else if (result.error === 'blocked') {
        const route = routeNow();
        const block = blockFromFailure(result.message, route ? actionBlock(route, stop.id) : null);
        refuse(block ? blockText(block, t) : t('errors.intent.blocked'));
      } else if (result.error === 'wrong_delivery_code') {
        refuse(wrongCodeText(result.message, t));
      } else {
        refuse(intentErrorText(result, t));
      }
      return false;
    },
  };
}
