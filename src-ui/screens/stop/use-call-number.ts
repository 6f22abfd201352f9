/**
 * The number the Call action dials (src-shared/domain/phone.ts). The phone rule brings libphonenumber's metadata
 * (~20 KB gzip), so it is a chunk of its own that starts loading when a stop window opens: More info paints
 * without waiting for it, and the first screen never carries it.
 */
import { useEffect, useState } from 'react';
import type { OrganisationConfig } from '../../../src-shared/protocol/entities.ts';

type PhoneRule = typeof import('../../../src-shared/domain/phone.ts');

let loaded: PhoneRule | null = null;
let loading: Promise<PhoneRule> | null = null;

/** The phone rule, loaded once; a failed load (offline, never cached) is tried again next time. */
export function loadPhoneRule(): Promise<PhoneRule> {
  loading ??= import('../../../src-shared/domain/phone.ts').then(
    (rule) => {
      loaded = rule;
      return rule;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export interface CallInput {
  config: Pick<OrganisationConfig, 'allowed_to_call_recipient'> | null;
  phone: string | null;
  /** The stop's information.country. */
  country: string | null;
}

/** callNumber of a loaded rule; null without an organisation (nothing says calling is allowed). */
export const numberToCall = (rule: PhoneRule, { config, phone, country }: CallInput): string | null =>
  config ? rule.callNumber(config, phone, country) : null;

/** The E.164 number, null when the stop cannot be called, undefined while the rule loads. */
export function useCallNumber(input: CallInput): string | null | undefined {
  const [rule, setRule] = useState<PhoneRule | null>(loaded);
  useEffect(() => {
    if (rule) return;
    let alive = true;
    loadPhoneRule().then(
      (next) => {
        if (alive) setRule(next);
      },
      () => {
        // Offline before it was ever cached: a tap on Call tries again (use-stop-call.ts).
      },
    );
    return () => {
      alive = false;
    };
  }, [rule]);
  return rule ? numberToCall(rule, input) : undefined;
}
