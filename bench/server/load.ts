/**
 * The simulated working day, compressed in time: every driver sends its position by PATCH every 60 s and on
 * the socket every 30 s, and completes a stop with two 800 px photos every few minutes, each at a random phase;
 * the dispatcher republishes a random route each second, timed until that driver's socket hears it.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { SimDriver } from './fleet.ts';
import type { HttpClient } from './http.ts';

export interface LoadOptions {
  /** The processes' base URLs: driver i keeps its socket on process i mod n (HTTP calls go round-robin). */
  baseUrls: string[];
  seconds: number;
  /** Time compression: 10 means ten minutes of traffic per real minute. */
  speed: number;
  /** Seconds between two completions of one driver, before compression. */
  completionEvery: number;
  photos: [string, string];
  /** The dispatcher API's token: a republish of a random route each second, timed until its socket hears it. */
  dispatchToken: string;
}

const EVENT_ROW = 'socket event, dispatcher to driver';

export interface LoadResult {
  latencies: Record<string, number[]>;
  errors: Record<string, number>;
  socketSent: number;
  socketErrors: number;
  seconds: number;
}

const PERIOD = { location: 60, socket: 30 } as const;

export async function runLoad(client: HttpClient, fleet: SimDriver[], o: LoadOptions): Promise<LoadResult> {
  const latencies: Record<string, number[]> = { 'PATCH location': [], 'POST stop completion': [], [EVENT_ROW]: [] };
  const errors: Record<string, number> = { 'PATCH location': 0, 'POST stop completion': 0, [EVENT_ROW]: 0 };
  /** When the republish of a route was sent, until its socket hears it. */
  const eventSent = new Map<number, number>();
  let socketSent = 0;
  let socketErrors = 0;
  const timers: NodeJS.Timeout[] = [];
  const sockets: WebSocket[] = [];
  const inFlight = new Set<Promise<unknown>>();

  const wsBases = o.baseUrls.map((url) => url.replace(/^http/, 'ws'));
  await Promise.all(
    fleet.map(
      (d, i) =>
        new Promise<void>((resolve, reject) => {
          const q = new URLSearchParams({
            routeId: String(d.routeId),
            projectId: String(d.projectId),
            owner: 'driver',
            deviceId: `bench-${d.routeId}`,
            token: d.token,
          });
          const ws = new WebSocket(`${wsBases[i % wsBases.length]}/v1/socket?${q}`);
          ws.once('open', () => resolve());
          ws.once('error', reject);
          ws.on('message', (raw) => {
            const message = JSON.parse(String(raw)) as { type: string };
            if (message.type === 'error') socketErrors++;
            const sent = eventSent.get(d.routeId);
            if (message.type === 'republish' && sent !== undefined) {
              latencies[EVENT_ROW]!.push(performance.now() - sent);
              eventSent.delete(d.routeId);
            }
          });
          sockets[i] = ws;
        }),
    ),
  );

  const track = (name: string, call: Promise<{ status: number; ms: number }>) => {
    const p = call
      .then((res) => {
        if (res.status >= 300) errors[name]!++;
        else latencies[name]!.push(res.ms);
      })
      .catch(() => errors[name]!++)
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };

  const every = (periodSeconds: number, action: () => void) => {
    const ms = (periodSeconds * 1000) / o.speed;
    timers.push(
      setTimeout(() => {
        action();
        timers.push(setInterval(action, ms));
      }, Math.random() * ms),
    );
  };

  fleet.forEach((d, i) => {
    const base = `/v1/projects/${d.projectId}/routes/${d.routeId}`;
    const auth = { authorization: `Bearer ${d.token}` };
    const ws = sockets[i]!;
    let done = 0;
    const position = () => ({
      lat: (52.09 + Math.random() / 50).toFixed(7),
      lng: (5.12 + Math.random() / 50).toFixed(7),
    });
    every(PERIOD.location, () => track('PATCH location', client.send('PATCH', `${base}/location`, position(), auth)));
    every(PERIOD.socket, () => {
      ws.send(JSON.stringify({ type: 'location', data: position() }));
      socketSent++;
    });
    every(o.completionEvery, () => {
      const stopId = d.stopIds[done++];
      if (stopId === undefined) return;
      const body = {
        status: 'finished',
        ...position(),
        completion_note: 'Left with the neighbour',
        images: { 0: o.photos[0], 1: o.photos[1] },
        finish_time: String(8 * 3600 + done * 300),
      };
      track(
        'POST stop completion',
        client.send('POST', `${base}/services/${stopId}`, body, { ...auth, 'idempotency-key': randomUUID() }),
      );
    });
  });

  // The dispatcher: through any process (round-robin), so with two processes half the events cross between them.
  timers.push(
    setInterval(() => {
      const d = fleet[Math.floor(Math.random() * fleet.length)]!;
      if (eventSent.has(d.routeId)) return;
      eventSent.set(d.routeId, performance.now());
      const call = client.send('POST', `/v1/dispatch/routes/${d.routeId}/republish`, undefined, {
        authorization: `Bearer ${o.dispatchToken}`,
      });
      call.then(
        (res) => {
          if (res.status >= 300) {
            errors[EVENT_ROW]!++;
            eventSent.delete(d.routeId);
          }
        },
        () => {
          errors[EVENT_ROW]!++;
          eventSent.delete(d.routeId);
        },
      );
    }, 1000),
  );

  const started = performance.now();
  await new Promise((r) => setTimeout(r, o.seconds * 1000));
  for (const t of timers) clearTimeout(t);
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  // An event still unheard a second after the load: lost.
  await new Promise((r) => setTimeout(r, 1000));
  errors[EVENT_ROW]! += eventSent.size;
  for (const ws of sockets) ws.close();
  return { latencies, errors, socketSent, socketErrors, seconds };
}
