/**
 * A fault proxy: a real HTTP server in front of the real server that passes each request on, or answers it with a
 * fault a rule picks (a status, a hang, or the server's answer lost on the way back). Unlike faults.ts's fetch it
 * sits on the network path, so the client under test runs unchanged.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyFault = 'pass' | 'hang' | 'lose-answer' | { status: number; message?: string };

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface FaultProxy {
  url: string;
  rule: (request: ProxiedRequest) => ProxyFault;
  /** Every request that reached the server through the proxy. */
  passed: ProxiedRequest[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const hanging = new Set<() => void>();
  const proxy: FaultProxy = {
    url: '',
    rule: () => 'pass',
    passed: [],
    close: async () => {},
  };
  const server: Server = createServer(async (req, res) => {
    const request: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      body: await readBody(req),
    };
    const fault = proxy.rule(request);
    if (fault === 'hang') {
      hanging.add(() => res.destroy());
      return;
    }
    if (typeof fault === 'object') {
      res.writeHead(fault.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: fault.message ?? `fault ${fault.status}` }));
      return;
    }
    proxy.passed.push(request);
    const { host: _, connection: __, 'content-length': ___, upgrade: ____, ...headers } = request.headers;
    let answer: Response;
    try {
      answer = await fetch(target + request.path, {
        method: request.method,
        headers,
        body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
      });
    } catch {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'fault proxy: the server could not be reached' }));
      return;
    }
    const text = await answer.text();
    if (fault === 'lose-answer') {
      res.destroy();
      return;
    }
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = async () => {
    for (const cut of hanging) cut();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return proxy;
}
