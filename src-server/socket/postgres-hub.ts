/**
 * The event hub of a PostgreSQL deployment: several server processes share one database, and a dispatcher change
 * made through any of them must reach the driver's socket on whichever process holds it. PostgreSQL relays it
 * (LISTEN/NOTIFY on one channel; no extra broker), so no load balancer needs sticky sessions.
 *
 * - stage: in the change's own transaction, the event is numbered and kept an hour (`hub_events`) and announced with
 *   NOTIFY, which PostgreSQL sends when (and only if) that transaction commits: a process that dies after the commit
 *   has nothing left to send, and one whose change rolls back announces nothing. Every process, this one included,
 *   hears it on its one listening connection and hands it to the sockets of that route it holds (the in-process hub).
 *   The notification carries the event itself unless it is over PostgreSQL's 8000-byte limit, then only its number,
 *   and the listener reads it from the table.
 * - NOTIFYs reach the listeners in commit order, and a route's changes commit in version order (each holds the
 *   route's row lock), so a socket hears a route's events in the order they were stored.
 * - A listening connection that drops is opened again (waiting up to 5 s between tries); once it listens again it
 *   reads the events stored since shortly before it was lost (numbers are taken at insert, not at commit, so "after
 *   the last number heard" could skip an event that committed late), and hands on those it has not delivered yet.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { ServerMessage } from '../../src-shared/protocol/socket.ts';
import type { Db } from '../db/database.ts';
import type { Trx } from '../repo/transaction.ts';
import { createMemoryHub, type EventHub } from './hub.ts';

const HUB_CHANNEL = 'droplane_events';
/** Under PostgreSQL's 8000-byte payload limit, with room for the envelope. */
const MAX_INLINE_BYTES = 7_500;
/** Events are kept this long for listeners that reconnect; older ones are deleted at most every SWEEP_EVERY_MS. */
const KEEP_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const MAX_RECONNECT_WAIT_MS = 5_000;
/** Event numbers remembered to drop a notification already delivered by a catch-up read. */
const REMEMBERED_IDS = 1_000;
/** A catch-up reads events stored this long before the listening connection was lost: longer than a transaction. */
const CATCH_UP_MARGIN_MS = 60_000;

interface Notice {
  id: number;
  routeId: number;
  /** Absent when the event was too large to travel in the notification. */
  message?: ServerMessage;
}

interface HubLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PostgresHubOptions {
  connectionString: string;
  /** The server's pool: publishing and reading events use it, the listening connection is the hub's own. */
  db: Db;
  log: HubLog;
  now?: () => number;
}

/** Connects the listening connection before it resolves, so an event published after start is heard. */
export async function createPostgresHub(options: PostgresHubOptions): Promise<EventHub & { reconnects(): number }> {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  const local = createMemoryHub();
  const fanOut = createLocalFanOut(db, log, local, now);
  const listener = createHubListener(options.connectionString, log, {
    heard: fanOut.notified,
    lost: fanOut.lost,
    listeningAgain: fanOut.catchUp,
  });

  await listener.listen();

  return {
    stage: createEventStaging(db, log, now),
    publish: local.publish,
    subscribe: local.subscribe,
    listenerCount: local.listenerCount,
    reconnects: listener.reconnects,
    async close() {
      await listener.close();
      await fanOut.close();
    },
  };
}

/** What the listening connection tells the rest of the hub. */
interface ListenerEvents {
  /** A notification on HUB_CHANNEL, its payload as PostgreSQL sent it. */
  heard(payload: string | undefined): void;
  /** The listening connection ended without being closed; a reconnect is scheduled. */
  lost(): void;
  /** Listening again after a loss; when this fails the reconnect counts as failed and is tried again. */
  listeningAgain(): Promise<void>;
}

/** The hub's own connection that LISTENs on HUB_CHANNEL, opened again whenever it drops, until closed. */
function createHubListener(connectionString: string, log: HubLog, events: ListenerEvents) {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let reconnectCount = 0;

  async function listen(): Promise<void> {
    const next = new pg.Client({ connectionString });
    next.on('notification', (n) => {
      if (n.channel === HUB_CHANNEL) events.heard(n.payload);
    });
    next.on('error', (error) => log.warn({ err: { message: error.message } }, 'socket event listener lost'));
    next.on('end', () => {
      if (client === next) {
        client = null;
        events.lost();
        scheduleReconnect(100);
      }
    });
    await next.connect();
    await next.query(`LISTEN ${HUB_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  }

  function scheduleReconnect(wait: number): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      listen()
        .then(() => {
          reconnectCount++;
          return events.listeningAgain();
        })
        .catch((error: unknown) => {
          log.warn({ err: { message: (error as Error).message } }, 'socket event listener not reconnected');
          scheduleReconnect(Math.min(wait * 2, MAX_RECONNECT_WAIT_MS));
        });
    }, wait);
    retry.unref();
  }

  return {
    listen,
    reconnects: () => reconnectCount,
    async close(): Promise<void> {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end();
    },
  };
}

/**
 * Hands the events this process hears, and those it missed while not listening, to its own sockets of their route
 * (the in-process hub), one after another, leaving out those it has delivered already.
 */
function createLocalFanOut(db: Db, log: HubLog, local: EventHub, now: () => number) {
  const delivered = new Set<number>();
  /** When the listening connection was last lost (a catch-up starts a margin before it). */
  let lostAt = now();
  let queue: Promise<void> = Promise.resolve();

  function remember(id: number): boolean {
    if (delivered.has(id)) return false;
    delivered.add(id);
    if (delivered.size > REMEMBERED_IDS) delivered.delete(delivered.values().next().value!);
    return true;
  }

  async function deliver(notice: Notice): Promise<void> {
    if (!remember(notice.id) || local.listenerCount(notice.routeId) === 0) return;
    let message = notice.message;
    if (!message) {
      const row = await db.selectFrom('hub_events').select('body').where('id', '=', notice.id).executeTakeFirst();
      if (!row) {
        log.warn({ id: notice.id }, 'socket event gone before it was read');
        return;
      }
      message = JSON.parse(row.body) as ServerMessage;
    }
    await local.publish(notice.routeId, message);
  }

  /** The events this process missed while it was not listening, for the routes it has sockets on. */
  async function readMissed(): Promise<void> {
    const rows = await db
      .selectFrom('hub_events')
      .select(['id', 'route_id', 'body'])
      .where('created_at', '>=', new Date(lostAt - CATCH_UP_MARGIN_MS).toISOString())
      .orderBy('id')
      .execute();
    for (const row of rows)
      await deliver({ id: Number(row.id), routeId: row.route_id, message: JSON.parse(row.body) as ServerMessage });
  }

  return {
    notified(payload: string | undefined): void {
      let notice: Notice;
      try {
        notice = JSON.parse(payload ?? '') as Notice;
      } catch {
        log.warn({ payload: payload?.slice(0, 200) }, 'socket event notification not understood');
        return;
      }
      // One after another: an event read from the table is not overtaken by the next, smaller one.
      queue = queue
        .then(() => deliver(notice))
        .catch((error: unknown) => log.error({ err: error }, 'socket event not delivered'));
    },
    lost(): void {
      lostAt = now();
    },
    /** Queued behind the deliveries heard before it; answers the queue, so a failed read fails the reconnect. */
    catchUp(): Promise<void> {
      queue = queue.then(readMissed);
      return queue;
    },
    /** Waits for the deliveries under way, then lets go of the local listeners. */
    async close(): Promise<void> {
      await queue;
      await local.close();
    },
  };
}

/** The hub's `stage`: each event is written with its NOTIFY in the change's transaction, and old events are swept. */
function createEventStaging(db: Db, log: HubLog, now: () => number): EventHub['stage'] {
  let lastSweep = 0;

  async function sweep(at: number): Promise<void> {
    if (at - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at;
    await db
      .deleteFrom('hub_events')
      .where('created_at', '<', new Date(at - KEEP_MS).toISOString())
      .execute();
  }

  return async (trx, routeId, messages) => {
    const at = now();
    for (const message of messages) await stageOne(trx, routeId, message, at);
    // The commit has delivered them; what is left is housekeeping, which never fails the change.
    return () => {
      sweep(at).catch((error: unknown) => log.warn({ err: error }, 'old socket events not swept'));
    };
  };
}

/** Writes one event and its NOTIFY in the change's transaction: both take effect at its commit, or never. */
async function stageOne(trx: Trx, routeId: number, message: ServerMessage, at: number): Promise<void> {
  const row = await trx
    .insertInto('hub_events')
    .values({ route_id: routeId, body: JSON.stringify(message), created_at: new Date(at).toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  let payload = JSON.stringify({ id, routeId, message } satisfies Notice);
  if (Buffer.byteLength(payload) > MAX_INLINE_BYTES) payload = JSON.stringify({ id, routeId } satisfies Notice);
  await sql`select pg_notify(${HUB_CHANNEL}, ${payload})`.execute(trx);
}
