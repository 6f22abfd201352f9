/**
 * The customer variants of the stop screens (spec sections 1, 5, 6): the cleaning variant and the
 * internal-notes-only variant, chosen by the organisation's customer id or mocked with `?variant=cleaning` /
 * `?variant=internal-notes` in the URL. The URL flag is kept in sessionStorage, so it survives the app's own
 * navigation (which drops the query) and a reload, for the tab's session; `?variant=default` forgets it.
 */
import type { Organisation } from '../../src-shared/protocol/entities.ts';
import type { AppConfig } from '../../src-shared/protocol/http.ts';

export type Variant = 'default' | 'cleaning' | 'internal-notes';

const KEY = 'droplane.variant';
const FLAGS: readonly Variant[] = ['default', 'cleaning', 'internal-notes'];

const isVariant = (value: string | null): value is Variant => value !== null && FLAGS.includes(value as Variant);

/**
 * The variant the URL asks for, remembered for the session; else the one remembered earlier; else null.
 * Storage failures (private mode, a sandboxed webview) fall back to the URL alone.
 */
export function variantFlag(search: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null): Variant | null {
  const fromUrl = new URLSearchParams(search).get('variant');
  try {
    if (isVariant(fromUrl)) {
      storage?.setItem(KEY, fromUrl);
      return fromUrl;
    }
    const kept = storage?.getItem(KEY) ?? null;
    return isVariant(kept) ? kept : null;
  } catch {
    return isVariant(fromUrl) ? fromUrl : null;
  }
}

/** The URL flag wins (it is how the variants are tried out); otherwise the organisation's customer id decides. */
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

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The flag of the current page (location.search), remembered for the session. */
export const currentVariantFlag = (): Variant | null =>
  variantFlag(typeof location === 'undefined' ? '' : location.search, sessionStore());
