/**
 * The stop's Call action (spec section 5 "Call"): the number to dial once the phone rule has loaded
 * (use-call-number.ts), dialling when the rule arrives after the tap, and the alert when the stop cannot be called.
 */
import { useTranslation } from 'react-i18next';
import { type CallInput, loadPhoneRule, numberToCall, useCallNumber } from './use-call-number.ts';
import type { StopView } from './use-stop.ts';

type Ready = Extract<StopView, { status: 'ready' }>;

export interface StopCall {
  /** The E.164 number, null when the stop cannot be called, undefined while the rule loads. */
  phone: string | null | undefined;
  /** Tapped before the phone rule has loaded (a slow line): dials once it has. */
  dialWhenLoaded(): Promise<void>;
  /** Tells the driver this stop cannot be called. */
  cannotCall(): void;
}

export function useStopCall({ stop, organisation }: Ready, refuse: (message: string) => void): StopCall {
  const { t } = useTranslation();
  const input: CallInput = {
    config: organisation?.config ?? null,
    phone: stop.information.recipient_phone,
    country: stop.information.country,
  };
  const phone = useCallNumber(input);
  const cannotCall = () => refuse(t('alerts.cannotCall'));

  async function dialWhenLoaded() {
    const number = await loadPhoneRule().then(
      (rule) => numberToCall(rule, input),
      () => null,
    );
    if (!number) return cannotCall();
    // Dialled as the Call link would be (a link's click, which a native wrapper's bridge takes over).
    const link = document.createElement('a');
    link.href = `tel:${number}`;
    document.body.append(link);
    link.click();
    link.remove();
  }

  return { phone, dialWhenLoaded, cannotCall };
}
