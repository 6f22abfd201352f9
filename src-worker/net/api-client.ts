/**
 * Calls the driver API. Adds the bearer token; on a 401 it tries the refresh token once and replays the
 * request; when that is impossible or fails, the session ends ("You have been logged out automatically").
 * The sign-in calls are exempt: their 401 means "Incorrect password".
 */
import type { ApiError } from '../../src-shared/protocol/http.ts';
import type { Emit } from '../base/events.ts';
import { traceRequest, type UserTiming } from '../base/tracing.ts';

export type ApiOutcome<T> =
  | { ok: true; status: number; data: T }
  /** No answer: the network is down or the server unreachable. */
  | { ok: false; kind: 'offline' }
  | { ok: false; kind: 'http'; status: number; message: string; field?: string };

/**
 * Which token a call carries: the signed-in driver's; for a route's calls a shared link's, else the driver's; a
 * shared link's only (the outbox sends a link's items with the link, never with a driver who signed in since); none.
 */
export type AuthMode = 'driver' | 'route' | 'link' | 'none';

interface RequestOptions {
  auth?: AuthMode;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How a successful answer is read: JSON (the default) or as a Blob (proof images). */
  responseType?: 'json' | 'blob';
  /**
   * No answer within this time counts as no answer (offline); the request is aborted. The client's default applies
   * when not given (DEFAULT_REQUEST_TIMEOUT_MS): no call from the core waits for ever.
   */
  timeoutMs?: number;
}

/**
 * A call with no answer within this time counts as offline. Long enough for a full route (hundreds of stops) or a
 * proof image on a slow 3G link; short enough that a stalled request does not leave a screen loading for minutes.
 */
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export type RefreshOutcome = 'ok' | 'refused' | 'offline';

export interface TokenSource {
  /** The signed-in driver's access token; null signed out. */
  accessToken(): string | null;
  linkToken(): string | null;
  /** Gets a new access token with the refresh token: 'refused' when there is none or the server said no. */
  refresh(): Promise<RefreshOutcome>;
  /** The session cannot be saved: end it. */
  expired(which: 'driver' | 'link'): Promise<void>;
}

export interface ApiClient {
  /** One call: its answer, or offline; a 401 refreshes once and replays (see the file's head). */
  request<T>(method: string, path: string, options?: RequestOptions): Promise<ApiOutcome<T>>;
}

async function readError(res: Response): Promise<{ message: string; field?: string }> {
  try {
    const body = (await res.json()) as Partial<ApiError>;
    return { message: typeof body.message === 'string' ? body.message : res.statusText, field: body.field };
  } catch {
    return { message: res.statusText };
  }
}

export interface ApiClientOptions {
  /** A call with no answer within this time counts as offline (DEFAULT_REQUEST_TIMEOUT_MS when not given). */
  timeoutMs?: number;
  /** Each request leaves a `net:<METHOD> <path>` measure (core/tracing.ts). */
  timing?: UserTiming;
}

/**
 * What the client tells the rest of the core: `net/reached` with `answered` after any answer from the server, and
 * without one when a request got none: what the network really does, which the browser's online flag does not always
 * say (it stays true on a dead cell, behind a captive portal, and sometimes after the device went offline).
 * core/core-reactions.ts hands it to the connectivity, on the client's stack.
 */
export type NetEvent = { type: 'net/reached'; answered: boolean };

export function createApiClient(
  fetchFn: typeof fetch,
  baseUrl: () => string,
  tokens: TokenSource,
  emit: Emit<NetEvent>,
  { timeoutMs: defaultTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS, timing }: ApiClientOptions = {},
): ApiClient {
  const reached = (answered: boolean) => emit({ type: 'net/reached', answered });
  const send = <T>(method: string, path: string, options: RequestOptions, token: string | null) =>
    traceRequest(timing, method, path, () => sendOnce<T>(method, path, options, token));

  async function sendOnce<T>(method: string, path: string, options: RequestOptions, token: string | null) {
    const blob = options.responseType === 'blob';
    const headers: Record<string, string> = { accept: blob ? '*/*' : 'application/json', ...options.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    // The timeout covers reading the answer too: a connection that stalls mid-body is no answer either.
    const timeout = AbortSignal.timeout(options.timeoutMs ?? defaultTimeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      const res = await fetchFn(baseUrl() + path, { method, headers, body, signal });
      reached(true);
      if (res.ok && blob) return { ok: true, status: res.status, data: (await res.blob()) as T } as const;
      if (res.ok) {
        const text = await res.text();
        return { ok: true, status: res.status, data: (text ? JSON.parse(text) : null) as T } as const;
      }
      return { ok: false, kind: 'http', status: res.status, ...(await readError(res)) } as const;
    } catch (error) {
      // The caller's own abort is theirs to handle. A timeout, a dropped connection (also mid-answer) or an answer
      // cut short is no answer: the request may or may not have been done, which is what idempotency keys are for.
      if ((error as Error).name === 'AbortError' && options.signal?.aborted) throw error;
      reached(false);
      return { ok: false, kind: 'offline' } as const;
    }
  }

  return {
    async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiOutcome<T>> {
      const mode = options.auth ?? 'driver';
      if (mode === 'none') return send<T>(method, path, options, null);
      const link = mode === 'route' || mode === 'link' ? tokens.linkToken() : null;
      if (mode === 'link' && !link) return { ok: false, kind: 'http', status: 401, message: 'No shared link' };
      const first = await send<T>(method, path, options, link ?? tokens.accessToken());
      if (first.ok || first.kind !== 'http' || first.status !== 401) return first;
      if (link) {
        await tokens.expired('link');
        return first;
      }
      const refreshed = await tokens.refresh();
      // Offline is no reason to sign the driver out: the request fails as offline and is retried later.
      if (refreshed === 'offline') return { ok: false, kind: 'offline' };
      if (refreshed === 'refused') {
        await tokens.expired('driver');
        return first;
      }
      const replay = await send<T>(method, path, options, tokens.accessToken());
      if (!replay.ok && replay.kind === 'http' && replay.status === 401) await tokens.expired('driver');
      return replay;
    },
  };
}
