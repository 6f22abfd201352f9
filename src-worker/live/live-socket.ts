/**
 * The open route's live channel (spec section 7, WebSocket; section 9, reconnect delay): one socket while a route is
 * open, to `/v1/socket?routeId&projectId&owner=driver&deviceId&token`, reconnected 5 s after a close or an error,
 * and more slowly after failures in a row (so a phone in a dead zone does not hammer the server). A close with
 * 4403 (the route is no longer this driver's, or the link was revoked) is final. Each connection asks for a fresh
 * token first, so a renewed access token is the one the next connection carries.
 *
 * The WebSocket, the timers and the token are injected: in the browser the worker's own WebSocket, in tests `ws`.
 *
 * This file is the channel's face: which route it is for, and what the network and the page tell it. The socket
 * itself is live-connection.ts; when and how it connects again (the waits, and what each close code asks) is
 * reconnect-policy.ts.
 */

import type { DriverMessage } from '../../src-shared/protocol/socket.ts';
import type { CoreContext } from '../core-context.ts';
import { createLiveConnection, type LiveConnectionDeps, type LiveTarget } from './live-connection.ts';
import { createReconnectPolicy } from './reconnect-policy.ts';
import { createReconnectWait } from './reconnect-wait.ts';

/** The open route's channel: which route it is for, and what the network and the page tell it. */
export interface LiveSocket {
  /** Opens the channel of this route (closing another route's), or keeps the current one. */
  open(next: LiveTarget): void;
  /** No route open any more, or the session ended. */
  close(): void;
  /**
   * The phone lost its network: its socket is dead even if it has not noticed yet (a half-open connection hears
   * nothing until a ping fails). Closed now and tried again later; back online, `retryNow` connects at once and the
   * server's `route_version` tells whether anything was missed meanwhile.
   */
  drop(): void;
  /** Back online: no waiting for the reconnect timer (a replaced channel waits for its page, `resume`). */
  retryNow(): void;
  /** The page is shown again: a channel another tab replaced (4409) takes its place back. */
  resume(): void;
  /** Sends when the channel is open; false when it is not (the caller decides what that means). */
  send(message: DriverMessage): boolean;
  /** Whether the channel is open now. */
  isOpen(): boolean;
}

export function createLiveSocket(core: CoreContext, deps: LiveConnectionDeps): LiveSocket {
  let target: LiveTarget | null = null;
  const connection = createLiveConnection(core, deps);
  const wait = createReconnectWait(core);
  const reconnects = createReconnectPolicy(core, {
    connection,
    wait,
    state: deps.state,
    withdrawn() {
      target = null;
      deps.state('withdrawn');
      deps.withdrawn();
    },
  });

  function close() {
    wait.cancel();
    connection.disconnect('Route closed');
  }

  return {
    open(next) {
      if (target && target.routeId === next.routeId && target.projectId === next.projectId) return;
      close();
      target = next;
      wait.startOver();
      void reconnects.connect(next);
    },
    close() {
      target = null;
      close();
      deps.state('off');
    },
    drop() {
      if (!target || !connection.hasSocket()) return;
      connection.disconnect('Offline');
      reconnects.reconnectLater(target);
    },
    retryNow() {
      if (!target || connection.hasSocket() || reconnects.replaced) return;
      wait.cancel();
      void reconnects.connect(target);
    },
    resume() {
      if (!target || connection.hasSocket() || !reconnects.replaced) return;
      void reconnects.connect(target);
    },
    send: connection.send,
    isOpen: connection.isOpen,
  };
}
