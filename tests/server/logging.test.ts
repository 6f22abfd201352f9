/**
 * What the server logs at LOG_LEVEL=info: start-up, warnings and errors, no line per request (`npm start` stays
 * readable); a failing request's error line carries its request id. At debug the request lines come back, with
 * the same id as the error line.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  err?: { message: string };
}

const INFO = 30;
const ERROR = 50;
let running: TestServer | null = null;

afterEach(async () => {
  await running?.close();
  running = null;
});

/** A server logging at `level` into an array, after a few good requests and one that fails with a 500. */
async function logOfSomeRequests(level: string): Promise<LogLine[]> {
  const lines: LogLine[] = [];
  const t = await startTestServer({
    logger: true,
    logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) },
    env: { LOG_LEVEL: level },
  });
  running = t;
  expect((await t.request('GET', '/app-config.json')).status).toBe(200);
  expect((await t.dispatch('GET', '/v1/dispatch/organisations')).status).toBe(200);
  expect((await t.request('POST', '/v1/drivers/signin', { body: { email: 'nobody@example.test' } })).status).toBe(404);
  expect((await t.request('GET', '/v1/no-such-call')).status).toBe(404);
  expect((await t.request('GET', '/v1/projects/routes')).status).toBe(401);
  // The database loses a table under the running server: the next read of it is a 500.
  await sql`ALTER TABLE organisations RENAME TO organisations_gone`.execute(t.server.ctx.db);
  const failed = await t.dispatch('GET', '/v1/dispatch/organisations');
  expect(failed.status).toBe(500);
  expect(failed.body).toEqual({ message: 'Something went wrong on the server' });
  return lines;
}

const errorLine = (lines: LogLine[]) => {
  const errors = lines.filter((l) => l.level >= ERROR);
  expect(errors).toHaveLength(1);
  return errors[0]!;
};

describe('the server log', () => {
  it('at info has start-up and the error, with its request id, and no line per request', async () => {
    const lines = await logOfSomeRequests('info');
    expect(lines.some((l) => l.level === INFO && /Server listening at http:\/\/127\.0\.0\.1:\d+/.test(l.msg))).toBe(
      true,
    );
    const perRequest = lines.filter((l) => l.level < ERROR && (l.reqId !== undefined || l.req !== undefined));
    expect(perRequest).toEqual([]);

    const error = errorLine(lines);
    expect(error).toMatchObject({ msg: 'request failed', req: { method: 'GET', url: '/v1/dispatch/organisations' } });
    expect(error.reqId).toMatch(/^req-\w+$/);
    expect(error.err?.message).toMatch(/organisations/);
    expect(JSON.stringify(lines)).not.toContain(running!.config.dispatchToken);
  });

  it('at debug has each request’s lines, under the same request id as its error line', async () => {
    const lines = await logOfSomeRequests('debug');
    const incoming = lines.filter((l) => l.msg === 'incoming request');
    expect(incoming.map((l) => l.req?.url)).toEqual([
      '/app-config.json',
      '/v1/dispatch/organisations',
      '/v1/drivers/signin',
      '/v1/no-such-call',
      '/v1/projects/routes',
      '/v1/dispatch/organisations',
    ]);
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(6);
    const error = errorLine(lines);
    expect(incoming.at(-1)!.reqId).toBe(error.reqId);
    expect(new Set(incoming.map((l) => l.reqId)).size).toBe(6);
  });
});
