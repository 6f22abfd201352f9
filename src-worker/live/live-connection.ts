/**
 * The live channel's connection (live-socket.ts): each connect asks for a token (renewed first when told), opens one
 * WebSocket to `/v1/socket?routeId&projectId&owner=driver&deviceId&token`, hands its messages on, and tells the
 * reconnect policy (reconnect-policy.ts) when it opened, when it closed with which code, or that it could not be made.
 *
 * The WebSocket is injected: in the browser the worker's own WebSocket, in tests `ws`.
 */
import type { ServerMessage, SocketQuery } from '../../src-shared/protocol/socket.ts';
import { type DriverMessage, SOCKET_PATH } from '../../src-shared/protocol/socket.ts';
import type { LiveSocketState } from '../../src-shared/state/app-state.ts';
import type { CoreContext } from '../core-context.ts';

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

export interface LiveTarget {
  routeId: number;
  projectId: number;
}

const OPEN = 1;

/** What the live channel (live-socket.ts and its connection) is made with beyond the core's context. */
export interface LiveConnectionDeps {
  /** Makes the WebSocket: the worker's own, or `ws` in tests. */
  open: OpenWebSocket;
  /** The server's origin; its `http` becomes `ws`. */
  baseUrl: () => string;
  /** The device's id, which the URL carries. */
  deviceId: () => Promise<string>;
  /**
   * The token the route's calls carry (the link's, else the driver's), renewed first when about to expire, or
   * always with `renew` (the server said the last one ended); null when there is none (the session ended).
   */
  token: (renew: boolean) => Promise<string | null>;
  /** The channel's state, for the store. */
  state: (state: LiveSocketState) => void;
  /** A message of the server's union came. */
  message: (message: ServerMessage) => void;
  /** The server closed the channel for good (4403); the socket (live-socket.ts) says so. */
  withdrawn: () => void;
}

/** What the newest connection tells the reconnect policy; an older connection's events are dropped. */
export interface ConnectionEvents {
  opened(): void;
  /** `openedAt`: when the socket opened (`now`), null when it never did. */
  closed(code: number, openedAt: number | null): void;
  /** The WebSocket could not even be made. */
  failed(): void;
}

/** A message of the server's union, or null for anything else (not JSON, or no `type`). */
function serverMessage(data: string): ServerMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  return parsed && typeof parsed === 'object' && typeof (parsed as { type?: unknown }).type === 'string'
    ? (parsed as ServerMessage)
    : null;
}

/** One socket at a time to the open route's channel; a late callback of an older one changes nothing. */
export interface LiveConnection {
  /** Connects to `to`; what becomes of this connection goes to `events` while it is the newest. */
  connect(to: LiveTarget, renewToken: boolean, events: ConnectionEvents): Promise<void>;
  /** Closes the socket, if any: no callback of it, or of a connect still waiting for its token, changes anything. */
  disconnect(reason: string): void;
  /** Bumped on every connect and disconnect: a wait begun at one generation is void at the next. */
  readonly generation: number;
  /** Whether a socket is made and not yet closed (open or still opening). */
  hasSocket(): boolean;
  /** Sends when the channel is open; false when it is not (the caller decides what that means). */
  send(message: DriverMessage): boolean;
  /** Whether the socket is open now. */
  isOpen(): boolean;
}

export function createLiveConnection(core: CoreContext, deps: LiveConnectionDeps): LiveConnection {
  let socket: WebSocketLike | null = null;
  /** Bumped on every connect and stop, so a late callback of an old socket changes nothing. */
  let generation = 0;

  return {
    async connect(to: LiveTarget, renewToken: boolean, events: ConnectionEvents) {
      const gen = ++generation;
      const [token, deviceId] = await Promise.all([deps.token(renewToken), deps.deviceId()]);
      if (gen !== generation) return;
      if (!token) {
        deps.state('off');
        return;
      }
      const params: SocketQuery = {
        routeId: String(to.routeId),
        projectId: String(to.projectId),
        owner: 'driver',
        deviceId,
        token,
      };
      const query = new URLSearchParams({ ...params });
      let openedAt: number | null = null;
      let ws: WebSocketLike;
      try {
        ws = deps.open(`${deps.baseUrl().replace(/^http/, 'ws')}${SOCKET_PATH}?${query}`);
      } catch {
        events.failed();
        return;
      }
      socket = ws;
      ws.onopen = () => {
        if (gen !== generation) return;
        openedAt = core.now();
        events.opened();
      };
      ws.onmessage = (event) => {
        if (gen !== generation || typeof event.data !== 'string') return;
        const message = serverMessage(event.data);
        if (message) deps.message(message);
      };
      // An error is always followed by a close: the close decides.
      ws.onerror = () => {};
      ws.onclose = ({ code }) => {
        if (gen !== generation) return;
        socket = null;
        events.closed(code, openedAt);
      };
    },

    disconnect(reason: string) {
      generation += 1;
      const old = socket;
      socket = null;
      if (old && old.readyState <= OPEN) old.close(1000, reason);
    },

    get generation() {
      return generation;
    },

    hasSocket: () => socket !== null,

    send(message) {
      if (!socket || socket.readyState !== OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },

    isOpen: () => socket?.readyState === OPEN,
  };
}
