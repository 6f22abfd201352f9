/**
 * The customer variants of the stop screens (spec sections 1, 5, 6): the cleaning variant and the
 * internal-notes-only variant, chosen by the organisation's customer id or mocked with `?variant=cleaning` /
 * `?variant=internal-notes` in the URL. The URL flag is kept in sessionStorage, so it survives the app's own
 * navigation (which drops the query) and a reload, for the tab's session; `?variant=default` forgets it.
 */
import { VARIANTS, type Variant } from '../../src-shared/domain/variant.ts';

const KEY = 'droplane.variant';
const FLAGS = VARIANTS;

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
