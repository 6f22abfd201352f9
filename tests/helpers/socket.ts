/**
 * A real WebSocket client on /v1/socket for tests: collects every message, and `next(type)` awaits the next one
 * of a type (or fails after a timeout). `flush()` makes "nothing arrived" checks deterministic: the server
 * handles a socket's frames and events one after another, so once the answer to a bad frame is back, every
 * event published before it has arrived too. `openSocket` resolves once the server has greeted the socket with the
 * route's version (`route_version`, kept in `version`, not in `received`): from then on it hears every event.
 */
import WebSocket, { type ClientOptions } from 'ws';
import type { Plan } from '../../src-shared/protocol/entities.ts';
import type { ServerMessage } from '../../src-shared/protocol/socket.ts';
import { makeDriver, makeOrganisation, makeRoute, signIn } from './fixtures.ts';
import type { TestServer } from './server.ts';

export interface SocketParams {
  routeId: number | string;
  projectId: number | string;
  token?: string;
  deviceId?: string;
  owner?: string;
}

export interface SocketOptions extends ClientOptions {
  origin?: string;
}

type MessageOf<K extends ServerMessage['type']> = Extract<ServerMessage, { type: K }>;

export interface TestSocket {
  ws: WebSocket;
  /** The route's version the server greeted the socket with; null when it closed before greeting. */
  version: number | null;
  /** Every message received so far, in order. */
  received: ServerMessage[];
  next<K extends ServerMessage['type']>(type: K, timeoutMs?: number): Promise<MessageOf<K>>;
  /** The messages of a type received so far. */
  all<K extends ServerMessage['type']>(type: K): MessageOf<K>[];
  send(message: unknown): void;
  /** Round trip through the server's queue for this socket (see above). */
  flush(): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<{ code: number; reason: string }>;
}

export function socketUrl(t: TestServer, params: SocketParams): string {
  const query = new URLSearchParams({ owner: 'driver', deviceId: 'test-device' });
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  return `${t.wsUrl}/v1/socket?${query}`;
}

/** Opens a socket that the server must accept; rejects with the HTTP status when it refuses. */
export function openSocket(t: TestServer, params: SocketParams, options: SocketOptions = {}): Promise<TestSocket> {
  const ws = new WebSocket(socketUrl(t, params), options);
  const received: ServerMessage[] = [];
  const unread: ServerMessage[] = [];
  const waiters: { type: string; resolve: (m: ServerMessage) => void }[] = [];
  let greeted: (() => void) | null = null;
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as ServerMessage;
    if (greeted && message.type === 'route_version') {
      socket.version = message.data.version;
      greeted();
      greeted = null;
      return;
    }
    received.push(message);
    const waiter = waiters.findIndex((w) => w.type === message.type);
    if (waiter >= 0) waiters.splice(waiter, 1)[0]!.resolve(message);
    else unread.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );

  function next<K extends ServerMessage['type']>(type: K, timeoutMs = 3000): Promise<MessageOf<K>> {
    const index = unread.findIndex((m) => m.type === type);
    if (index >= 0) return Promise.resolve(unread.splice(index, 1)[0] as MessageOf<K>);
    return new Promise((resolve, reject) => {
      const waiter = {
        type,
        resolve: (m: ServerMessage) => {
          clearTimeout(timer);
          resolve(m as MessageOf<K>);
        },
      };
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        reject(new Error(`no "${type}" message within ${timeoutMs} ms; received ${JSON.stringify(received)}`));
      }, timeoutMs);
      waiters.push(waiter);
    });
  }

  const socket: TestSocket = {
    ws,
    version: null,
    received,
    next,
    all: <K extends ServerMessage['type']>(type: K) => received.filter((m): m is MessageOf<K> => m.type === type),
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    async flush() {
      ws.send('flush: not JSON');
      const answer = await next('error');
      if (!answer.data.message.includes('not valid JSON')) throw new Error(`unexpected answer ${answer.data.message}`);
      // The error answer itself is not a message the test asked for.
      received.splice(received.indexOf(answer), 1);
    },
    closed,
    close() {
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close(1000);
      return closed;
    },
  };

  return new Promise((resolve, reject) => {
    greeted = () => resolve(socket);
    // A socket the server closes at once (a test of that) is handed over as it is.
    ws.once('close', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => {
      ws.on('error', () => {});
      ws.terminate();
      reject(new Error(`socket refused with HTTP ${res.statusCode}`));
    });
    ws.once('error', reject);
  });
}

export interface Refusal {
  status: number;
  body: { message: string; field?: string };
}

/** Opens a socket that the server must refuse before the upgrade; resolves with the HTTP answer. */
export function refusedSocket(t: TestServer, params: SocketParams, options: SocketOptions = {}): Promise<Refusal> {
  const ws = new WebSocket(socketUrl(t, params), options);
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.close();
      reject(new Error('the socket opened'));
    });
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () => {
        ws.on('error', () => {});
        ws.terminate();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Refusal['body'] });
      });
    });
    ws.once('error', reject);
  });
}

/** For what no event announces (a subscription ending on the server): checks each turn of the event loop. */
export async function until(condition: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A driver of a fresh organisation, signed in, with one route of three deliveries, and the socket query for it. */
export async function driverOnRoute(t: TestServer, plan?: Partial<Plan>) {
  const organisationId = await makeOrganisation(t, { plan });
  const driver = await makeDriver(t, organisationId);
  const { routeId, projectId } = await makeRoute(t, driver);
  const pair = await signIn(t, driver.email);
  const params: SocketParams = { routeId, projectId, token: pair.accessToken };
  return { driver, routeId, projectId, pair, params };
}
