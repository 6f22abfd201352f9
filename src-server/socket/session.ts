/**
 * One open socket of a driver on one route: forwards the route's dispatcher events, stores the driver's
 * `service_change` and `location` messages, and answers what it cannot take with `{type: 'error'}` without
 * closing (a bad message from an old app version should not cut a driver off).
 *
 * A socket lives no longer than its token: it closes with 4401 at the token's expiry (a timer, and a check of the
 * clock before each event, message and ping) and when the token's refresh family is revoked (the registry closes it
 * at once in this process; each event and message checks the family first, and the heartbeat checks every socket's,
 * for a revocation made through another process). Nothing is sent or stored on it after its token's end.
 */
import type { FastifyBaseLogger } from 'fastify';
import WebSocket, { type RawData } from 'ws';
import {
  type DriverMessage,
  type ServerMessage,
  SOCKET_CLOSE_ACCESS_WITHDRAWN,
  SOCKET_CLOSE_REPLACED,
  SOCKET_CLOSE_TOKEN_ENDED,
} from '../../src-shared/protocol/socket.ts';
import { type Principal, principalKey } from '../auth/principal.ts';
import type { ServerContext } from '../context.ts';
import { Refusal } from '../domain/errors.ts';
import { type RouteAccess, routeAccess } from '../repo/route-access.ts';
import { routeVersion } from '../repo/route-version.ts';
import { recordServiceChange, recordSocketLocation } from '../repo/tracking.ts';
import { parseDriverMessage } from './inbound.ts';
import type { RegisteredSocket } from './registry.ts';

export interface SocketAccess {
  principal: Principal;
  routeId: number;
  projectId: number;
  deviceId: string | null;
}

/** A client that sends faster than the database stores is flooding; past this many waiting messages it is cut. */
export const MAX_PENDING_MESSAGES = 32;
/** How long a closing handshake may take at shutdown before the connection is cut. */
const SHUTDOWN_GRACE_MS = 1000;
/** setTimeout's longest wait (about 24.8 days); a token that lives longer is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Why a token's socket ends: its expiry, or its family revoked (signed out, or its refresh token reused). */
export type TokenEnd = 'expired' | 'signed_out';

const TOKEN_END_REASONS: Record<TokenEnd, string> = {
  expired: 'The token has expired',
  signed_out: 'The session was signed out',
};

export class SocketSession implements RegisteredSocket {
  /** Set by each pong; the heartbeat ends a session that did not answer the previous ping. */
  private alive = true;
  /** Inbound messages and outbound events run one after another, so they are stored and sent in order. */
  private tail: Promise<void> = Promise.resolve();
  private pendingInbound = 0;
  private readonly whenClosed: Promise<void>;
  private expiryTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly socket: WebSocket,
    readonly access: SocketAccess,
    private readonly ctx: ServerContext,
    /** Already bound to the route and the principal. */
    private readonly log: FastifyBaseLogger,
  ) {
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('message', (raw, isBinary) => this.onFrame(raw, isBinary));
    this.whenClosed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.once('close', () => {
      if (this.expiryTimer) clearTimeout(this.expiryTimer);
    });
    this.watchExpiry();
  }

  get ownerKey(): string {
    return `${principalKey(this.access.principal)}@${this.access.routeId}`;
  }

  get familyId(): string | null {
    const { principal } = this.access;
    return principal.kind === 'driver' ? principal.familyId : null;
  }

  /** Closed or closing: a socket the cap no longer counts. */
  get closing(): boolean {
    return this.socket.readyState !== WebSocket.OPEN;
  }

  /** Closes with 4401; the registry calls it when the family is revoked in this process. */
  endToken(why: TokenEnd): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.log.info({ why }, 'socket closed: its token ended');
    this.socket.close(SOCKET_CLOSE_TOKEN_ENDED, TOKEN_END_REASONS[why]);
  }

  /** Closes with 4409: a newer socket of the same principal on this route took its place (registry.ts). */
  replace(): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.close(SOCKET_CLOSE_REPLACED, 'A newer connection to this route replaced this one');
  }

  onEvent(message: ServerMessage): void {
    this.enqueue(() => this.deliver(message));
  }

  /**
   * Tells the app the route's version as the socket opens (`route_version`), queued before any event it hears from
   * now on (the caller has just subscribed): an app whose copy is older asks for the route, so what changed while it
   * had no socket shows without a tap.
   */
  greet(): void {
    const { routeId } = this.access;
    this.enqueue(async () => {
      const version = await routeVersion(this.ctx.db, routeId);
      this.send({ type: 'route_version', data: { route_id: routeId, version } });
    });
  }

  /** Called every ping interval. */
  heartbeat(): void {
    if (this.tokenExpired()) {
      this.endToken('expired');
      return;
    }
    if (!this.alive) {
      this.log.info('socket peer did not answer the ping: terminated');
      this.socket.terminate();
      return;
    }
    this.alive = false;
    if (this.socket.readyState === WebSocket.OPEN) this.socket.ping();
  }

  /**
   * Resolves once the socket is closed and its queued work is done, so the database can close after it. The
   * socket plugin has usually started the closing handshake already; a peer that never answers it is cut.
   */
  async shutdown(): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(1001, 'Server shutting down');
    const cut = setTimeout(() => this.socket.terminate(), SHUTDOWN_GRACE_MS);
    await this.whenClosed;
    clearTimeout(cut);
    await this.tail;
  }

  private tokenExpired(): boolean {
    return this.ctx.now() >= this.access.principal.expiresAt;
  }

  /** A timer at the token's expiry, by the server's clock (re-armed when that clock says it is not yet due). */
  private watchExpiry(): void {
    const wait = this.access.principal.expiresAt - this.ctx.now();
    if (wait <= 0) {
      this.endToken('expired');
      return;
    }
    this.expiryTimer = setTimeout(() => this.watchExpiry(), Math.min(wait, MAX_TIMER_MS));
    this.expiryTimer.unref();
  }

  private enqueue(task: () => Promise<void>): void {
    this.tail = this.tail.then(task).catch((error: unknown) => {
      this.log.error({ err: error }, 'socket message failed');
      this.send({ type: 'error', data: { message: 'Something went wrong on the server' } });
    });
  }

  private onFrame(raw: RawData, isBinary: boolean): void {
    if (this.pendingInbound >= MAX_PENDING_MESSAGES) {
      this.socket.close(1008, 'Too many messages at once');
      return;
    }
    this.pendingInbound++;
    this.enqueue(async () => {
      try {
        await this.receive(raw, isBinary);
      } finally {
        this.pendingInbound--;
      }
    });
  }

  private send(message: ServerMessage): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /**
   * Access is checked when the socket opens and again for every event and message, so a revoked link, a route given
   * to another driver or a signed-out session stops the flow at once, without waiting for a token to expire: one
   * statement (repo/route-access.ts).
   */
  private checkAccess(): Promise<RouteAccess> {
    return routeAccess(this.ctx.db, this.access.principal, this.access.routeId);
  }

  /** Closes for what `checkAccess` found; false when access is allowed. */
  private refused(access: RouteAccess): boolean {
    if (access === 'allowed') return false;
    if (access === 'signed_out') this.endToken('signed_out');
    else this.withdraw();
    return true;
  }

  private withdraw(): void {
    if (this.socket.readyState === WebSocket.OPEN)
      this.socket.close(SOCKET_CLOSE_ACCESS_WITHDRAWN, 'Access to this route was withdrawn');
  }

  private async deliver(message: ServerMessage): Promise<void> {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.tokenExpired()) return this.endToken('expired');
    switch (message.type) {
      case 'driver_change': {
        // The driver losing the route must still hear of it (the app shows "driver changed"), then loses the socket;
        // a signed-out session hears nothing more.
        const access = await this.checkAccess();
        if (access !== 'signed_out') this.send(message);
        this.refused(access);
        return;
      }
      case 'stop_update':
      case 'publication_settings':
      case 'route_reorder':
      case 'republish':
      case 'route_version':
      case 'error':
        if (!this.refused(await this.checkAccess())) this.send(message);
        return;
      default: {
        const unhandled: never = message;
        throw new Error(`unhandled event ${JSON.stringify(unhandled)}`);
      }
    }
  }

  private async receive(raw: RawData, isBinary: boolean): Promise<void> {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.tokenExpired()) return this.endToken('expired');
    const parsed = parseDriverMessage(raw, isBinary);
    // A position reads its access in the same statement as the rest it needs (recordSocketLocation); anything else
    // is checked first, so a withdrawn socket is closed, not answered.
    const checksOwnAccess = parsed.ok && parsed.message.type === 'location';
    if (!checksOwnAccess && this.refused(await this.checkAccess())) return;
    if (!parsed.ok) return this.send({ type: 'error', data: { message: parsed.error } });
    try {
      this.refused(await this.store(parsed.message));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      this.send({ type: 'error', data: { message: `${parsed.message.type}: ${error.message}` } });
    }
  }

  /** Stores a message; answers the access its store found (a position's own check), else 'allowed'. */
  private async store(message: DriverMessage): Promise<RouteAccess> {
    const { principal, routeId } = this.access;
    switch (message.type) {
      case 'service_change':
        await recordServiceChange(this.ctx, routeId, principal, message.data, 'socket');
        return 'allowed';
      case 'location':
        return recordSocketLocation(this.ctx, routeId, principal, message.data);
      default: {
        const unhandled: never = message;
        throw new Error(`unhandled message ${JSON.stringify(unhandled)}`);
      }
    }
  }
}
