/**
 * The open sockets of this process: for the heartbeat and the shutdown, for closing a signed-out session's sockets
 * the moment its family is revoked (auth/families.ts), and for the cap on sockets per principal and route.
 *
 * The cap (WS_MAX_SOCKETS_PER_ROUTE, default 3) keeps one token from holding sockets without end: a driver has one
 * per open tab of the route, so a few cover a phone and a second device. Past it the oldest is closed with 4409,
 * the one most likely left behind (a tab in the background, a connection the phone lost without closing). The cap
 * is per process: behind a load balancer a principal may hold that many on each process.
 */

/**
 * What the registry needs of a socket (socket/session.ts's SocketSession is one). Its own interface, so that the
 * server's context, which holds the registry, does not reach the socket's code and everything it imports.
 */
export interface RegisteredSocket {
  /** Who holds it, on which route ("driver:12@7"): the cap counts per owner. */
  readonly ownerKey: string;
  /** The driver's refresh family; null for a shared link's socket. */
  readonly familyId: string | null;
  readonly closing: boolean;
  /** Closed for a newer socket of the same owner (4409). */
  replace(): void;
  endToken(why: 'signed_out'): void;
  heartbeat(): void;
  /** At the server's shutdown: closes, and resolves once its last message is stored. */
  shutdown(): Promise<void>;
}

export class SocketRegistry {
  private readonly sessions = new Set<RegisteredSocket>();
  /** Per principal and route, oldest first. */
  private readonly byOwner = new Map<string, RegisteredSocket[]>();
  private readonly byFamily = new Map<string, Set<RegisteredSocket>>();

  /** `maxPerRoute` 0: no cap. */
  constructor(private readonly maxPerRoute: number) {}

  /** Adds a new socket and closes the oldest of its principal on its route beyond the cap. */
  add(session: RegisteredSocket): void {
    this.sessions.add(session);
    const owner = session.ownerKey;
    const list = [...(this.byOwner.get(owner) ?? []), session];
    this.byOwner.set(owner, list);
    const familyId = session.familyId;
    if (familyId !== null) {
      const family = this.byFamily.get(familyId) ?? new Set();
      family.add(session);
      this.byFamily.set(familyId, family);
    }
    // Closing removes a socket only once its close event comes: count the ones still here.
    const open = list.filter((s) => !s.closing);
    if (this.maxPerRoute > 0)
      for (const oldest of open.slice(0, Math.max(0, open.length - this.maxPerRoute))) oldest.replace();
  }

  remove(session: RegisteredSocket): void {
    if (!this.sessions.delete(session)) return;
    const owner = session.ownerKey;
    const list = (this.byOwner.get(owner) ?? []).filter((s) => s !== session);
    if (list.length > 0) this.byOwner.set(owner, list);
    else this.byOwner.delete(owner);
    const familyId = session.familyId;
    const family = familyId === null ? undefined : this.byFamily.get(familyId);
    family?.delete(session);
    if (familyId !== null && family?.size === 0) this.byFamily.delete(familyId);
  }

  all(): RegisteredSocket[] {
    return [...this.sessions];
  }

  /** The refresh families of the open driver sockets. */
  families(): string[] {
    return [...this.byFamily.keys()];
  }

  /** The family was revoked: its sockets here close with 4401 at once. */
  closeFamily(familyId: string): void {
    for (const session of this.byFamily.get(familyId) ?? []) session.endToken('signed_out');
  }
}
