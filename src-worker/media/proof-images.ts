/**
 * Stored proof images (`/v1/images/{id}`) for the UI. An <img> cannot send the bearer token the server asks for, so
 * the core fetches them with the session's token (the shared link's on a link, which the server lets see its own
 * route's images only) and hands the UI the Blob; the UI shows it as an object URL.
 *
 * Images never change once stored (an edit stores a new one), so a small in-memory cache saves a second fetch when
 * the driver reopens a stop; the browser's HTTP cache (the server marks them immutable) keeps them across starts.
 */
import { fail, ok, type Result } from '../../src-shared/api/worker-api.ts';
import type { ApiClient } from '../net/api-client.ts';

/** Only the server's own image paths: the token must never be sent anywhere a UI string points to. */
const IMAGE_PATH = /^\/v1\/images\/[1-9]\d{0,15}$/;
/** A few screens' worth: three photos and a signature per stop, a preview of a dozen stops. */
const CACHE_ENTRIES = 48;

export function isProofImagePath(url: string): boolean {
  return IMAGE_PATH.test(url);
}

export interface ProofImages {
  /** A stored proof image by the server's path, fetched with the route's token (kept for a second ask). */
  load(url: string): Promise<Result<Blob>>;
  /** Sign-out: another driver on this phone must not see them. */
  clear(): void;
}

export function createProofImages(api: ApiClient): ProofImages {
  const cache = new Map<string, Blob>();

  function remember(url: string, blob: Blob) {
    cache.delete(url);
    cache.set(url, blob);
    // Oldest first out: a Map iterates in insertion order, and a hit re-inserts.
    while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  }

  return {
    async load(url) {
      if (!isProofImagePath(url)) return fail('not_found', url);
      const hit = cache.get(url);
      if (hit) {
        remember(url, hit);
        return ok(hit);
      }
      const res = await api.request<Blob>('GET', url, { auth: 'route', responseType: 'blob' });
      if (!res.ok) {
        if (res.kind === 'offline') return fail('offline');
        return res.status === 404 ? fail('not_found', res.message) : fail('server_message', res.message);
      }
      remember(url, res.data);
      return ok(res.data);
    },
    clear() {
      cache.clear();
    },
  };
}
