import type { DriverProfile } from '../../src-shared/state/app-state.ts';

/** Reads a JWT's payload without verifying it: the server verifies; the app only shows what it says. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Who the access token says the driver is; null when it names no driver. */
export function profileFromToken(accessToken: string, email: string): DriverProfile | null {
  const p = decodeJwtPayload(accessToken);
  if (!p || typeof p.id !== 'number') return null;
  return {
    id: p.id,
    first_name: String(p.first_name ?? ''),
    last_name: String(p.last_name ?? ''),
    email,
    organisationName: String(p.organisationName ?? ''),
    organisationId: Number(p.organisationId),
  };
}
