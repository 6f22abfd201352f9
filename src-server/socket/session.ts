/**
 * One open socket of a driver on one route: forwards the route's dispatcher events, stores the driver's
 * `service_change` and `location` messages, and answers what it cannot take with `{type: 'error'}` without
 * closing (a bad message from an old app version should not cut a driver off).
 */
import type { FastifyBaseLogger } from 'fastify';
import WebSocket, { type RawData } from 'ws';
import {
  type DriverMessage,
  type ServerMessage,
  SOCKET_CLOSE_ACCESS_WITHDRAWN,
} from '../../src-shared/protocol/socket.ts';
import type { Principal } from '../auth/principal.ts';
import type { ServerContext } from '../context.ts';
import { Refusal } from '../domain/errors.ts';
import { routeVersion } from '../repo/route-version.ts';
import { recordLocation, recordServiceChange } from '../repo/tracking.ts';
import { parseDriverMessage } from './inbound.ts';

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

export class SocketSession {
  /** Set by each pong; the heartbeat ends a session that did not answer the previous ping. */
  private alive = true;
  /** Inbound messages and outbound events run one after another, so they are stored and sent in order. */
  private tail: Promise<void> = Promise.resolve();
  private pendingInbound = 0;
  private readonly whenClosed: Promise<void>;

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
   * Access is checked when the socket opens and again for every message, so a revoked link or a route given to
   * another driver stops the flow at once, without waiting for a token to expire.
   */
  private async stillAllowed(): Promise<boolean> {
    const { principal, routeId } = this.access;
    if (principal.kind === 'link') {
      const link = await this.ctx.db
        .selectFrom('links')
        .select('revoked_at')
        .where('id', '=', principal.linkId)
        .executeTakeFirst();
      return link !== undefined && link.revoked_at === null;
    }
    const route = await this.ctx.db
      .selectFrom('routes')
      .select('driver_id')
      .where('id', '=', routeId)
      .executeTakeFirst();
    return route !== undefined && route.driver_id === principal.driverId;
  }

  private withdraw(): void {
    if (this.socket.readyState === WebSocket.OPEN)
      this.socket.close(SOCKET_CLOSE_ACCESS_WITHDRAWN, 'Access to this route was withdrawn');
  }

  private async deliver(message: ServerMessage): Promise<void> {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    switch (message.type) {
      case 'driver_change':
        // The driver losing the route must still hear of it (the app shows "driver changed"), then loses the socket.
        this.send(message);
        if (!(await this.stillAllowed())) this.withdraw();
        return;
      case 'stop_update':
      case 'publication_settings':
      case 'route_reorder':
      case 'republish':
      case 'route_version':
      case 'error':
        if (await this.stillAllowed()) this.send(message);
        else this.withdraw();
        return;
      default: {
        const unhandled: never = message;
        throw new Error(`unhandled event ${JSON.stringify(unhandled)}`);
      }
    }
  }

  private async receive(raw: RawData, isBinary: boolean): Promise<void> {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (!(await this.stillAllowed())) return this.withdraw();
    const parsed = parseDriverMessage(raw, isBinary);
    if (!parsed.ok) return this.send({ type: 'error', data: { message: parsed.error } });
    try {
      await this.store(parsed.message);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      this.send({ type: 'error', data: { message: `${parsed.message.type}: ${error.message}` } });
    }
  }

  private async store(message: DriverMessage): Promise<void> {
    const { principal, routeId } = this.access;
    switch (message.type) {
      case 'service_change':
        await recordServiceChange(this.ctx, routeId, principal, message.data, 'socket');
        return;
      case 'location':
        await recordLocation(this.ctx, routeId, principal, message.data, 'socket');
        return;
      default: {
        const unhandled: never = message;
        throw new Error(`unhandled message ${JSON.stringify(unhandled)}`);
      }
    }
  }
}
