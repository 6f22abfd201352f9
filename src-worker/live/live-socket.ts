/**
 * The open route's live channel (spec section 7, WebSocket; section 9, reconnect delay): one socket while a route is
 * open, to `/v1/socket?routeId&projectId&owner=driver&deviceId&token`, reconnected 5 s after a close or an error,
 * and more slowly after failures in a row (so a phone in a dead zone does not hammer the server). A close with
 * 4403 (the route is no longer this driver's, or the link was revoked) is final. Each connection asks for a fresh
 * token first, so a renewed access token is the one the next connection carries.
 *
 * The server closes a socket when its token ends (4401: expired, or the session signed out). The channel then renews
 * the token (a refresh first) and reconnects at once, showing no reconnect meanwhile: to the driver it stays
 * connected. A socket closed as the oldest of too many of this driver on the route (4409, another tab took its
 * place) waits until its page is shown again, so tabs never take turns closing each other.
 *
 * The WebSocket, the timers and the token are injected: in the browser the worker's own WebSocket, in tests `ws`.
 */

import {
  type DriverMessage,
  type ServerMessage,
  SOCKET_CLOSE_ACCESS_WITHDRAWN,
  SOCKET_CLOSE_REPLACED,
  SOCKET_CLOSE_TOKEN_ENDED,
  SOCKET_PATH,
} from '../../src-shared/protocol/socket.ts';
import type { LiveSocketState } from '../../src-shared/state/app-state.ts';
import type { Timers } from '../outbox/outbox.ts';

/** The part of a WebSocket the live channel uses (the browser's and `ws` both have it). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
}

export type OpenWebSocket = (url: string) => WebSocketLike;

const OPEN = 1;
/** Spec section 9. */
export const RECONNECT_DELAY_MS = 5_000;
/** After this many failed connections in a row, each wait doubles, up to the cap. */
const FAILURES_BEFORE_BACKOFF = 3;
export const RECONNECT_MAX_MS = 60_000;
/**
 * A socket whose token ended after less time open than this is reconnected with the usual wait, not at once: a
 * token that keeps ending at once (a server whose clock is ahead of the one that signed it by nearly the token's
 * lifetime) must not spin. Short enough for any sensible ACCESS_TOKEN_TTL.
 */
export const TOKEN_MIN_LIFE_MS = 2_000;

/** The wait before reconnecting after `failures` connections in a row that never opened (0: it had been open). */
export function reconnectDelay(failures: number): number {
  if (failures < FAILURES_BEFORE_BACKOFF) return RECONNECT_DELAY_MS;
  return Math.min(RECONNECT_MAX_MS, RECONNECT_DELAY_MS * 2 ** (failures - FAILURES_BEFORE_BACKOFF + 1));
}

export interface LiveTarget {
  routeId: number;
  projectId: number;
}

export interface LiveSocketDeps {
  open: OpenWebSocket;
  timers: Timers;
  baseUrl: () => string;
  deviceId: () => Promise<string>;
  /**
   * The token the route's calls carry (the link's, else the driver's), renewed first when about to expire, or
   * always with `renew` (the server said the last one ended); null when there is none (the session ended).
   */
  token: (renew: boolean) => Promise<string | null>;
  now: () => number;
  state: (state: LiveSocketState) => void;
  message: (message: ServerMessage) => void;
  /** The server closed the channel for good (4403). */
  withdrawn: () => void;
}

export function createLiveSocket(deps: LiveSocketDeps) {
  let target: LiveTarget | null = null;
  let socket: WebSocketLike | null = null;
  let timer: unknown = null;
  let failures = 0;
  /** Closed as the oldest of this driver's sockets on the route (4409): waits for `resume`. */
  let replaced = false;
  /** The last socket's token ended (4401): the next connection renews it first, whenever it comes. */
  let renewNext = false;
  /** Bumped on every connect and stop, so a late callback of an old socket changes nothing. */
  let generation = 0;

  function clearTimer() {
    if (timer !== null) deps.timers.clear(timer);
    timer = null;
  }

  function scheduleReconnect(gen: number) {
    clearTimer();
    deps.state('reconnecting');
    timer = deps.timers.set(() => {
      timer = null;
      if (gen === generation) void connect();
    }, reconnectDelay(failures));
  }

  /** `renew`: the last socket's token ended (4401); the state stays as it is while a renewed one connects. */
  async function connect(renew = false) {
    const to = target;
    if (!to) return;
    const gen = ++generation;
    const renewToken = renew || renewNext;
    replaced = false;
    renewNext = false;
    if (!renew) deps.state(failures === 0 ? 'connecting' : 'reconnecting');
    const [token, deviceId] = await Promise.all([deps.token(renewToken), deps.deviceId()]);
    if (gen !== generation) return;
    if (!token) {
      deps.state('off');
      return;
    }
    const query = new URLSearchParams({
      routeId: String(to.routeId),
      projectId: String(to.projectId),
      owner: 'driver',
      deviceId,
      token,
    });
    let opened = false;
    let openedAt = 0;
    let ws: WebSocketLike;
    try {
      ws = deps.open(`${deps.baseUrl().replace(/^http/, 'ws')}${SOCKET_PATH}?${query}`);
    } catch {
      failures += 1;
      scheduleReconnect(gen);
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (gen !== generation) return;
      opened = true;
      openedAt = deps.now();
      failures = 0;
      deps.state('connected');
    };
    ws.onmessage = (event) => {
      if (gen !== generation || typeof event.data !== 'string') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(event.data);
      } catch {
        return;
      }
      if (parsed && typeof parsed === 'object' && typeof (parsed as { type?: unknown }).type === 'string')
        deps.message(parsed as ServerMessage);
    };
    // An error is always followed by a close: the close decides.
    ws.onerror = () => {};
    ws.onclose = ({ code }) => {
      if (gen !== generation) return;
      socket = null;
      if (code === SOCKET_CLOSE_ACCESS_WITHDRAWN) {
        target = null;
        deps.state('withdrawn');
        deps.withdrawn();
        return;
      }
      if (code === SOCKET_CLOSE_TOKEN_ENDED) {
        // The renewal tells whether the session lives on (a refused refresh ends it, session.ts).
        if (opened && deps.now() - openedAt >= TOKEN_MIN_LIFE_MS) {
          void connect(true);
          return;
        }
        renewNext = true;
      }
      if (code === SOCKET_CLOSE_REPLACED) {
        replaced = true;
        deps.state('reconnecting');
        return;
      }
      if (!opened) failures += 1;
      scheduleReconnect(gen);
    };
  }

  function close() {
    generation += 1;
    clearTimer();
    const old = socket;
    socket = null;
    if (old && old.readyState <= OPEN) old.close(1000, 'Route closed');
  }

  return {
    /** Opens the channel of this route (closing another route's), or keeps the current one. */
    open(next: LiveTarget) {
      if (target && target.routeId === next.routeId && target.projectId === next.projectId) return;
      close();
      target = next;
      failures = 0;
      void connect();
    },
    /** No route open any more, or the session ended. */
    close() {
      target = null;
      close();
      deps.state('off');
    },
    /**
     * The phone lost its network: its socket is dead even if it has not noticed yet (a half-open connection hears
     * nothing until a ping fails). Closed now and tried again later; back online, `retryNow` connects at once and the
     * server's `route_version` tells whether anything was missed meanwhile.
     */
    drop() {
      if (!target || !socket) return;
      const gen = ++generation;
      const old = socket;
      socket = null;
      if (old.readyState <= OPEN) old.close(1000, 'Offline');
      scheduleReconnect(gen);
    },
    /** Back online: no waiting for the reconnect timer (a replaced channel waits for its page, `resume`). */
    retryNow() {
      if (!target || socket || replaced) return;
      clearTimer();
      void connect();
    },
    /** The page is shown again: a channel another tab replaced (4409) takes its place back. */
    resume() {
      if (!target || socket || !replaced) return;
      void connect();
    },
    /** Sends when the channel is open; false when it is not (the caller decides what that means). */
    send(message: DriverMessage): boolean {
      if (!socket || socket.readyState !== OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    isOpen: () => socket?.readyState === OPEN,
  };
}

export type LiveSocket = ReturnType<typeof createLiveSocket>;
