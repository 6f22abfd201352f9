/**
 * When and how the live channel (live-socket.ts) connects again: after the wait of reconnect-wait.ts, at once, or not
 * until the page is shown again, as the last close asks. A close with 4403 is final.
 *
 * The server closes a socket when its token ends (4401: expired, or the session signed out). The channel then renews
 * the token (a refresh first) and reconnects at once, showing no reconnect meanwhile: to the driver it stays
 * connected. A socket closed as the oldest of too many of this driver on the route (4409, another tab took its
 * place) waits until its page is shown again, so tabs never take turns closing each other.
 */
import {
  SOCKET_CLOSE_ACCESS_WITHDRAWN,
  SOCKET_CLOSE_REPLACED,
  SOCKET_CLOSE_TOKEN_ENDED,
} from '../../src-shared/protocol/socket.ts';
import type { LiveSocketState } from '../../src-shared/state/app-state.ts';
import type { CoreContext } from '../core-context.ts';
import type { ConnectionEvents, LiveConnection, LiveTarget } from './live-connection.ts';
import type { ReconnectWait } from './reconnect-wait.ts';

/**
 * A socket whose token ended after less time open than this is reconnected with the usual wait, not at once: a
 * token that keeps ending at once (a server whose clock is ahead of the one that signed it by nearly the token's
 * lifetime) must not spin. Short enough for any sensible ACCESS_TOKEN_TTL.
 */
const TOKEN_MIN_LIFE_MS = 2_000;

export interface ReconnectPolicyDeps {
  /** The socket it connects again. */
  connection: LiveConnection;
  /** The wait before it does. */
  wait: ReconnectWait;
  /** The channel's state, for the store. */
  state: (state: LiveSocketState) => void;
  /** The server closed the channel for good (4403). */
  withdrawn: () => void;
}

/** When the live channel connects again, as the last close asks. */
export interface ReconnectPolicy {
  /** Connects to `to` now; `renew`: the last socket's token ended (4401), the state stays while a new one connects. */
  connect(to: LiveTarget, renew?: boolean): Promise<void>;
  /** Connects to `to` after the wait the failures so far ask for, unless something connects or closes meanwhile. */
  reconnectLater(to: LiveTarget): void;
  /** Closed by another tab's socket (4409): it waits for its page to be shown again. */
  readonly replaced: boolean;
}

export function createReconnectPolicy(core: CoreContext, deps: ReconnectPolicyDeps): ReconnectPolicy {
  const { connection, wait } = deps;
  /** Closed as the oldest of this driver's sockets on the route (4409): waits for `resume`. */
  let replaced = false;
  /** The last socket's token ended (4401): the next connection renews it first, whenever it comes. */
  let renewNext = false;

  function reconnectLater(to: LiveTarget) {
    const gen = connection.generation;
    wait.cancel();
    deps.state('reconnecting');
    wait.start(() => {
      if (gen === connection.generation) void connect(to);
    });
  }

  /** `renew`: the last socket's token ended (4401); the state stays as it is while a renewed one connects. */
  function connect(to: LiveTarget, renew = false): Promise<void> {
    const renewToken = renew || renewNext;
    replaced = false;
    renewNext = false;
    if (!renew) deps.state(wait.failures === 0 ? 'connecting' : 'reconnecting');
    return connection.connect(to, renewToken, eventsOf(to));
  }

  /** What becomes of a connection to `to` decides the next one. */
  function eventsOf(to: LiveTarget): ConnectionEvents {
    return {
      opened() {
        wait.startOver();
        deps.state('connected');
      },
      failed() {
        wait.failed();
        reconnectLater(to);
      },
      closed(code, openedAt) {
        if (code === SOCKET_CLOSE_ACCESS_WITHDRAWN) {
          deps.withdrawn();
          return;
        }
        if (code === SOCKET_CLOSE_TOKEN_ENDED) {
          // The renewal tells whether the session lives on (a refused refresh ends it, session.ts).
          if (openedAt !== null && core.now() - openedAt >= TOKEN_MIN_LIFE_MS) {
            void connect(to, true);
            return;
          }
          renewNext = true;
        }
        if (code === SOCKET_CLOSE_REPLACED) {
          replaced = true;
          deps.state('reconnecting');
          return;
        }
        if (openedAt === null) wait.failed();
        reconnectLater(to);
      },
    };
  }

  return {
    connect,
    reconnectLater,
    get replaced() {
      return replaced;
    },
  };
}
