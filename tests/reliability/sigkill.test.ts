/**
 * SIGKILL durability: the server in a child process is killed at a random moment while completions (each with a
 * photo, under an Idempotency-Key) are in flight, then started again on the same SQLite database, again and again
 * (RELIABILITY_KILLS, 30 by default, 200 under `npm run test:reliability`). After every kill: PRAGMA
 * integrity_check is ok, every completion that was answered 2xx is stored, and nothing is half-written (each stored
 * completion has its stop done and its images, each done stop its completion, no image without its completion).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import { type ChildServer, startChildServer } from '../helpers/child-server.ts';
import { stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { jpegUrl } from '../helpers/images.ts';

const KILLS = Number(process.env.RELIABILITY_KILLS ?? 30);
const PER_ROUND = 3;
const DISPATCH_TOKEN = `dsp_kill_${randomUUID()}`;
const dataDir = mkdtempSync(join(tmpdir(), 'droplane-kill-'));
let server: ChildServer | null = null;

afterAll(async () => {
  await server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<T>(method: string, path: string, token: string, body?: unknown, headers = {}) {
  const res = await fetch(server!.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

/** One organisation, driver and started route with enough deliveries for every round. */
async function setUp(deliveries: number) {
  const org = await call<{ id: number }>('POST', '/v1/dispatch/organisations', DISPATCH_TOKEN, { name: 'Kill Co' });
  const email = 'kill@example.test';
  const password = 'kill-password';
  const driver = await call<{ id: number }>('POST', '/v1/dispatch/drivers', DISPATCH_TOKEN, {
    organisation_id: org.body.id,
    email,
    password,
    first_name: 'Kill',
    last_name: 'Test',
  });
  const route = await call<{ id: number; project_id: number; stops: { id: number; type: string }[] }>(
    'POST',
    '/v1/dispatch/routes',
    DISPATCH_TOKEN,
    {
      organisation_id: org.body.id,
      driver_id: driver.body.id,
      project_name: 'Kill',
      date: localDate(new Date()),
      stops: stopsAroundUtrecht(deliveries),
    },
  );
  const signin = await call<{ accessToken: string }>('POST', '/v1/drivers/signin', '', { email, password });
  const token = signin.body.accessToken;
  const path = `/v1/projects/${route.body.project_id}/routes/${route.body.id}`;
  expect((await call('POST', path, token, { status: 'in_progress' })).status).toBe(200);
  const stops = route.body.stops.filter((s) => s.type === 'delivery').map((s) => s.id);
  return { token, path, stops };
}

interface Check {
  integrity: string;
  missing: number[];
  halfWritten: string[];
}

function checkDatabase(answered: number[]): Check {
  const db = new Database(join(dataDir, 'droplane.sqlite'));
  try {
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    const completions = db.prepare('SELECT stop_id, status, body FROM completions').all() as {
      stop_id: number;
      status: string;
      body: string;
    }[];
    const stored = new Set(completions.map((c) => c.stop_id));
    const halfWritten: string[] = [];
    const stopStatus = db.prepare('SELECT status FROM stops WHERE id = ?');
    const imageExists = db.prepare('SELECT 1 FROM images WHERE id = ?');
    for (const c of completions) {
      const stop = stopStatus.get(c.stop_id) as { status: string } | undefined;
      if (stop?.status !== c.status) halfWritten.push(`stop ${c.stop_id} is ${stop?.status} but completed ${c.status}`);
      for (const id of (JSON.parse(c.body) as { images: number[] }).images)
        if (!imageExists.get(id)) halfWritten.push(`stop ${c.stop_id} lost image ${id}`);
    }
    const done = db.prepare("SELECT id FROM stops WHERE status != 'pending' AND type = 'delivery'").all() as {
      id: number;
    }[];
    for (const { id } of done) if (!stored.has(id)) halfWritten.push(`stop ${id} done without a completion`);
    const orphans = db.prepare('SELECT stop_id FROM images').all() as { stop_id: number }[];
    for (const { stop_id } of orphans) if (!stored.has(stop_id)) halfWritten.push(`image of stop ${stop_id} alone`);
    return { integrity, missing: answered.filter((id) => !stored.has(id)), halfWritten };
  } finally {
    db.close();
  }
}

// 200 kills take some 7 minutes on an idle 2-core machine, three times that on a busy one.
it(`keeps the database whole and every answered completion across ${KILLS} SIGKILLs`, {
  timeout: 3_600_000,
}, async () => {
  // One access token serves the whole run, which on a loaded machine outlasts the default 15 minutes.
  const env = { DISPATCH_TOKEN, ACCESS_TOKEN_TTL: '7200' };
  server = await startChildServer(dataDir, env);
  const { token, path, stops } = await setUp(KILLS * PER_ROUND);
  const answered: number[] = [];
  let inFlightLost = 0;
  for (let round = 0; round < KILLS; round++) {
    if (round > 0) server = await startChildServer(dataDir, env);
    const batch = stops.slice(round * PER_ROUND, (round + 1) * PER_ROUND);
    const sends = batch.map((stop) =>
      call(
        'POST',
        `${path}/services/${stop}`,
        token,
        { status: 'finished', images: { '0': jpegUrl() } },
        {
          'idempotency-key': randomUUID(),
        },
      )
        .then((res) => {
          if (res.status >= 200 && res.status < 300) answered.push(stop);
          else throw new Error(`stop ${stop}: ${res.status} ${JSON.stringify(res.body)}`);
        })
        .catch((error: unknown) => {
          if (error instanceof TypeError) inFlightLost++;
          else throw error;
        }),
    );
    // A random moment: before, during or after the writes (a completion takes some 20-150 ms here).
    await new Promise((r) => setTimeout(r, Math.random() * 300));
    await server.kill('SIGKILL');
    await Promise.all(sends);
    const check = checkDatabase(answered);
    expect(check, `round ${round}`).toEqual({ integrity: 'ok', missing: [], halfWritten: [] });
  }
  console.log(
    `reliability: SIGKILL ${KILLS} times during completions -> integrity_check ok, ${answered.length} answered all stored, ${inFlightLost} in flight cut, 0 half-written`,
  );
});
