/** A lean keep-alive HTTP client for the load generator: fetch's overhead would blur the server's latency. */
import { Agent, request } from 'node:http';

interface HttpAnswer {
  status: number;
  body: string;
  ms: number;
}

function createClient(baseUrl: string, maxSockets = 256) {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets });
  function send(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpAnswer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: {
            ...headers,
            ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }
  return { send, close: () => agent.destroy() };
}

export type HttpClient = ReturnType<typeof createClient>;

/**
 * What a round-robin load balancer does: each request to the next process, with no stickiness (a driver's calls
 * land on any of them). One process: the plain client.
 */
export function createBalancedClient(baseUrls: string[], maxSockets = 256): HttpClient {
  const clients = baseUrls.map((url) => createClient(url, maxSockets));
  if (clients.length === 1) return clients[0]!;
  let next = 0;
  return {
    send: (...args) => clients[next++ % clients.length]!.send(...args),
    close: () => {
      for (const client of clients) client.close();
    },
  };
}
