/**
 * The simulated working day, compressed in time: every driver sends its position by PATCH every 60 s and on
 * the socket every 30 s, and completes a stop with two 800 px photos every few minutes, each at a random phase.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { SimDriver } from './fleet.ts';
import type { HttpClient } from './http.ts';

export interface LoadOptions {
  baseUrl: string;
  seconds: number;
  /** Time compression: 10 means ten minutes of traffic per real minute. */
  speed: number;
  /** Seconds between two completions of one driver, before compression. */
  completionEvery: number;
  photos: [string, string];
}

export interface LoadResult {
  latencies: Record<string, number[]>;
  errors: Record<string, number>;
  socketSent: number;
  socketErrors: number;
  seconds: number;
}

const PERIOD = { location: 60, socket: 30 } as const;

export async function runLoad(client: HttpClient, fleet: SimDriver[], o: LoadOptions): Promise<LoadResult> {
  const latencies: Record<string, number[]> = { 'PATCH location': [], 'POST stop completion': [] };
  const errors: Record<string, number> = { 'PATCH location': 0, 'POST stop completion': 0 };
  let socketSent = 0;
  let socketErrors = 0;
  const timers: NodeJS.Timeout[] = [];
  const sockets: WebSocket[] = [];
  const inFlight = new Set<Promise<unknown>>();

  const wsBase = o.baseUrl.replace(/^http/, 'ws');
  await Promise.all(
    fleet.map(
      (d) =>
        new Promise<void>((resolve, reject) => {
          const q = new URLSearchParams({
            routeId: String(d.routeId),
            projectId: String(d.projectId),
            owner: 'driver',
            deviceId: `bench-${d.routeId}`,
            token: d.token,
          });
          const ws = new WebSocket(`${wsBase}/v1/socket?${q}`);
          ws.once('open', () => resolve());
          ws.once('error', reject);
          ws.on('message', (raw) => {
            if (JSON.parse(String(raw)).type === 'error') socketErrors++;
          });
          sockets.push(ws);
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

  const started = performance.now();
  await new Promise((r) => setTimeout(r, o.seconds * 1000));
  for (const t of timers) clearTimeout(t);
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  for (const ws of sockets) ws.close();
  return { latencies, errors, socketSent, socketErrors, seconds };
}
