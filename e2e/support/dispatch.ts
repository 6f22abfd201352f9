/** The dispatcher API as a test calls it, with the server's token (fixtures.ts gives each test one as `dispatch`). */
import type { ServerInfo } from './fixtures.ts';

interface DispatchAnswer<T> {
  status: number;
  ok: boolean;
  /** Parsed JSON; the text when the answer is not JSON; null when empty. */
  body: T;
}

export type Dispatch = <T = unknown>(method: string, path: string, body?: unknown) => Promise<DispatchAnswer<T>>;

/**
 * A dispatcher API call. `path` is relative to the dispatcher API (`/routes?date=...`) or a full path
 * (`/v1/dispatch/routes`). Never throws on an error status: assert on `status`.
 */
export function dispatcher(server: ServerInfo): Dispatch {
  return async <T>(method: string, path: string, body?: unknown): Promise<DispatchAnswer<T>> => {
    const full = path.startsWith('/v1/') ? path : `/v1/dispatch${path.startsWith('/') ? '' : '/'}${path}`;
    const headers: Record<string, string> = { authorization: `Bearer ${server.dispatchToken}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(server.url + full, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text || null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, ok: res.ok, body: parsed as T };
  };
}
