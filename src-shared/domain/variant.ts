/**
 * The customer variants (spec sections 1, 5, 6): the cleaning variant and the internal-notes-only variant, chosen by
 * the organisation's customer id (the two ids come from the server's config). The app may also mock them with a URL
 * flag (src-ui/stops/variant.ts); the core and the server go by the customer id.
 */
import type { Organisation } from '../protocol/entities.ts';
import type { AppConfig } from '../protocol/http.ts';

export type Variant = 'default' | 'cleaning' | 'internal-notes';

export const VARIANTS: readonly Variant[] = ['default', 'cleaning', 'internal-notes'];

/** The flag wins when there is one (it is how the variants are tried out); otherwise the customer id decides. */
export function resolveVariant(
  flag: Variant | null,
  organisation: Pick<Organisation, 'customer_id'> | null,
  config: Pick<AppConfig, 'cleaningCustomerId' | 'internalNotesCustomerId'> | null,
): Variant {
  if (flag) return flag;
  const customer = organisation?.customer_id;
  if (!customer || !config) return 'default';
  if (customer === config.cleaningCustomerId) return 'cleaning';
  if (customer === config.internalNotesCustomerId) return 'internal-notes';
  return 'default';
}
