/**
 * The outbox against the real server, model-based (issue 12): fast-check generates sequences of completions made in
 * one or two tabs (workers) over one device's storage, with the network going offline, the server answering 5xx,
 * a stop refused with 404, an access token rejected once (401, then refreshed), and a worker crashing and starting
 * again. After each sequence the network comes back and the queue is left to settle. The invariant: every completion
 * made reaches the server exactly once, in the order it was made, or is shown as parked (refused), never both, and
 * nothing else reaches the server.
 *
 * Runs: OUTBOX_MODEL_RUNS (default 200; `npm run test:soak` runs 2,000). Seed: OUTBOX_MODEL_SEED to replay one.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src-shared/domain/geo.ts';
import type { Stop } from '../../src-shared/protocol/entities.ts';
import { inProcessLockRunner, type LockRunner } from '../../src-worker/base/locks.ts';
import { type CoreHarness, newDbName, startCore } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { type Fault, faultyFetch, isCompletion, manualTimers } from '../helpers/faults.ts';
import {
  type DriverFixture,
  makeDriver,
  makeOrganisation,
  makeRoute,
  PASSWORD,
  stopsAroundUtrecht,
} from '../helpers/fixtures.ts';

const RUNS = Number(process.env.OUTBOX_MODEL_RUNS ?? 200);
const SEED = process.env.OUTBOX_MODEL_SEED ? Number(process.env.OUTBOX_MODEL_SEED) : undefined;
const PATH = process.env.OUTBOX_MODEL_PATH;
const STOPS = 8;

// The server only: a run's cores live and die inside it (a crash, a second tab), so openCore starts them itself.
const suite = coreSuite();
let driver: DriverFixture;
const today = localDate(new Date());

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'Model Co' }));
});

/** What the device was told to do, in order. */
interface Model {
  /** Stop ids completed, in the order the driver completed them. */
  made: number[];
  /** Stop ids the server refuses with 404 (the stop removed): they must end parked, never stored. */
  refused: Set<number>;
  /** Cores alive (1 or 2). */
  tabs: number;
}

/** The device: its storage (one database name), the cores on it, and the network in front of the real server. */
interface Device {
  routeId: number;
  stops: Stop[];
  dbName: string;
  locks: LockRunner;
  cores: CoreHarness[];
  /** Cores that crashed: left running on their own, as a killed worker's last request may still land. */
  crashed: CoreHarness[];
  network: 'up' | 'down' | '5xx';
  /** Stop ids answered 404 (field service). */
  gone: Set<number>;
  /** The last access token the device sent: "expires" makes the server refuse it from then on (a refresh works). */
  lastToken: string | null;
  expiredTokens: Set<string>;
  faults: ReturnType<typeof faultyFetch>;
}

function rule(device: Device) {
  return (request: { url: string; method: string; headers: Record<string, string> }): Fault => {
    if (request.headers.authorization) device.lastToken = request.headers.authorization;
    if (device.network === 'down') return 'offline';
    // An outage: the server answers every call with 503.
    if (device.network === '5xx') return { status: 503, message: 'Unavailable' };
    const token = request.headers.authorization ?? '';
    if (device.expiredTokens.has(token)) return { status: 401, message: 'The token is invalid or has expired' };
    if (!isCompletion(request as never)) return 'pass';
    const stopId = Number(request.url.split('/').pop());
    if (device.gone.has(stopId)) return { status: 404, message: 'No stop found with this id', field: 'service' };
    return 'pass';
  };
}

async function openCore(device: Device): Promise<CoreHarness> {
  const core = await startCore({
    baseUrl: suite.t.url,
    dbName: device.dbName,
    locks: device.locks,
    fetch: device.faults.fetch,
    timers: manualTimers(),
    sendTimeoutMs: 2_000,
  });
  // The first tab signs in (the network is up then); later ones restore the session and open the route from the
  // device's copy when the network is down, as a reopened app does.
  if (core.state().session.status !== 'signed_in') await core.api.signIn(driver.email, PASSWORD);
  await core.api.openRoute(device.routeId, { shared: false });
  await core.until((s) => s.route?.status === 'ready');
  return core;
}

type Cmd = fc.AsyncCommand<Model, Device>;

class Complete implements Cmd {
  constructor(
    readonly pick: number,
    readonly tab: number,
  ) {}
  check = (m: Readonly<Model>) => m.made.length < STOPS;
  async run(m: Model, d: Device) {
    const left = d.stops.filter((s) => !m.made.includes(s.id));
    const stop = left[this.pick % left.length]!;
    const core = d.cores[this.tab % d.cores.length]!;
    const result = await core.api.completeStop(stop.id, { status: 'finished', completion_note: `model ${stop.id}` });
    if (!result.ok) {
      console.log(
        JSON.stringify(d.cores.map((c) => [c.state().session.status, c.state().notices, c.state().route?.status])),
      );
      console.log(d.faults.log.join('\n'));
    }
    expect(result).toEqual({ ok: true });
    m.made.push(stop.id);
    // Made at least a few ms apart, so their order on the device is the order they were made in.
    await new Promise((r) => setTimeout(r, 3));
  }
  toString = () => `complete(${this.pick}, tab ${this.tab})`;
}

class Network implements Cmd {
  constructor(readonly state: Device['network']) {}
  check = () => true;
  async run(_m: Model, d: Device) {
    d.network = this.state;
    if (this.state === 'up') await Promise.all(d.cores.map((c) => c.api.setConnectivity({ online: true })));
  }
  toString = () => `network ${this.state}`;
}

class RemoveStop implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.refused.size < 2;
  async run(m: Model, d: Device) {
    // The dispatcher removes a stop the driver has not completed yet: the driver's copy still has it, so completing
    // it later is refused with 404 (a completion in flight when the stop goes would race the test, not the app).
    const candidates = d.stops.filter((s) => !m.made.includes(s.id) && !d.gone.has(s.id));
    const stop = candidates[this.pick % Math.max(1, candidates.length)];
    if (!stop) return;
    d.gone.add(stop.id);
    m.refused.add(stop.id);
  }
  toString = () => `remove stop (${this.pick})`;
}

class Expire401 implements Cmd {
  check = () => true;
  async run(_m: Model, d: Device) {
    if (d.lastToken) d.expiredTokens.add(d.lastToken);
  }
  toString = () => 'access token expires';
}

class Flush implements Cmd {
  constructor(readonly tab: number) {}
  check = () => true;
  async run(_m: Model, d: Device) {
    await d.cores[this.tab % d.cores.length]!.api.setConnectivity({ online: true });
  }
  toString = () => `flush (tab ${this.tab})`;
}

class Crash implements Cmd {
  constructor(readonly tab: number) {}
  check = () => true;
  async run(_m: Model, d: Device) {
    const index = this.tab % d.cores.length;
    const [dead] = d.cores.splice(index, 1);
    d.crashed.push(dead!);
    d.cores.splice(index, 0, await openCore(d));
  }
  toString = () => `crash and restart (tab ${this.tab})`;
}

class SecondTab implements Cmd {
  check = (m: Readonly<Model>) => m.tabs === 1;
  async run(m: Model, d: Device) {
    d.cores.push(await openCore(d));
    m.tabs = 2;
  }
  toString = () => 'open a second tab';
}

const commands = [
  fc.tuple(fc.nat(20), fc.nat(1)).map(([pick, tab]) => new Complete(pick, tab)),
  fc.tuple(fc.nat(20), fc.nat(1)).map(([pick, tab]) => new Complete(pick, tab)),
  fc.constantFrom<Device['network']>('up', 'down', '5xx').map((state) => new Network(state)),
  fc.nat(20).map((pick) => new RemoveStop(pick)),
  fc.constant(new Expire401()),
  fc.nat(1).map((tab) => new Flush(tab)),
  fc.nat(1).map((tab) => new Crash(tab)),
  fc.constant(new SecondTab()),
];

async function settle(m: Model, d: Device) {
  d.network = 'up';
  const expected = m.made.filter((id) => !m.refused.has(id));
  const deadline = Date.now() + 15_000;
  for (;;) {
    await Promise.all(d.cores.map((c) => c.api.setConnectivity({ online: true })));
    const rows = await suite.t.server.ctx.db
      .selectFrom('completions')
      .select(['stop_id', 'id'])
      .where('route_id', '=', d.routeId)
      .orderBy('id')
      .execute();
    const parked = new Set(d.cores.flatMap((c) => c.state().outbox.parked.map((p) => p.stopId)));
    const waiting = d.cores.some((c) => c.state().outbox.unsent > 0);
    const parkedAll = [...m.refused].filter((id) => m.made.includes(id)).every((id) => parked.has(id));
    if ((rows.length >= expected.length && parkedAll && !waiting) || Date.now() > deadline) return { rows, parked };
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the outbox, model-based', () => {
  it(`every completion reaches the server once, in order, or is parked (${RUNS} sequences)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 14 }), async (cmds) => {
        const { routeId } = await makeRoute(suite.t, driver, {
          date: today,
          stops: stopsAroundUtrecht(STOPS),
          publication_settings: { fulfill_stops_in_any_order: true },
        });
        const device: Device = {
          routeId,
          stops: [],
          dbName: newDbName(),
          locks: inProcessLockRunner(),
          cores: [],
          crashed: [],
          network: 'up',
          gone: new Set(),
          lastToken: null,
          expiredTokens: new Set(),
          faults: faultyFetch(),
        };
        device.faults.rule = rule(device);
        const first = await openCore(device);
        device.cores.push(first);
        await first.api.startRoute(null);
        const started = await first.until((s) => s.route?.route?.status === 'in_progress');
        device.stops = started.route!.route!.stops.filter((s) => s.type === 'delivery');
        const model: Model = { made: [], refused: new Set(), tabs: 1 };
        try {
          await fc.asyncModelRun(() => ({ model, real: device }), cmds);
          const { rows, parked } = await settle(model, device);
          const mismatch = rows.length !== model.made.filter((id) => !model.refused.has(id)).length;
          if (process.env.OUTBOX_MODEL_DEBUG || mismatch) {
            const { openAppStorage } = await import('../../src-worker/storage/app-db.ts');
            const storage = await openAppStorage(device.dbName);
            console.log(
              JSON.stringify({
                made: model.made,
                refused: [...model.refused],
                rows,
                parked: [...parked],
                left: (await storage.db.getAll('outbox')).map((i) => [i.stopId, i.state, i.attempts, i.parked]),
              }),
            );
            console.log(device.faults.log.join('\n'));
            console.log(JSON.stringify(device.cores.map((c) => [c.state().session.status, c.state().notices])));
            console.log(
              JSON.stringify(device.cores.map((c) => c.state().outbox)),
              JSON.stringify(device.cores.map((c) => c.state().connectivity)),
            );
            storage.close();
          }
          const stored = rows.map((r) => r.stop_id);
          const expected = model.made.filter((id) => !model.refused.has(id));
          // Exactly once: no stop twice, nothing that was not made, nothing refused stored.
          expect(new Set(stored).size).toBe(stored.length);
          expect([...stored].sort()).toEqual([...expected].sort());
          // In order: the server received them in the order the driver made them.
          expect(stored).toEqual(expected);
          // Refused ones are parked (shown), not lost.
          for (const id of model.refused) if (model.made.includes(id)) expect(parked.has(id)).toBe(true);
        } finally {
          await Promise.all([...device.cores, ...device.crashed].map((c) => c.close().catch(() => {})));
        }
      }),
      { numRuns: RUNS, seed: SEED, path: PATH, endOnFailure: true },
    );
  }, 600_000);
});
