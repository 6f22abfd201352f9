/**
 * Which browser pages may open the socket. A cross-site page can open a WebSocket to any server (the same-origin
 * policy does not apply to it), so the Origin header is the only sign of who is asking (field-research.md,
 * "WebSocket hardening").
 */
import type { Config } from '../config.ts';

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Allowed: no Origin at all (native clients and the wrappers' own code; the token is still required), the
 * server's own host as the request names it (scheme not compared, so a TLS-terminating proxy without
 * X-Forwarded-Proto still works), PUBLIC_URL's origin, and every origin of ALLOWED_ORIGINS.
 * Refused: any other origin, and the opaque "null" origin of sandboxed frames and file pages.
 */
export function isOriginAllowed(
  origin: string | undefined,
  requestHost: string,
  config: Pick<Config, 'publicUrl' | 'allowedOrigins'>,
): boolean {
  if (origin === undefined) return true;
  const asked = originOf(origin);
  if (asked === null) return false;
  if (new URL(asked).host === requestHost.toLowerCase()) return true;
  if (asked === originOf(config.publicUrl)) return true;
  return config.allowedOrigins.some((allowed) => originOf(allowed) === asked);
}
