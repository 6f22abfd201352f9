import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs, usage } from '../../src-server/cli/args.ts';
import { type CliIo, main } from '../../src-server/cli/dispatch.ts';
import { assignments, UsageError } from '../../src-server/cli/keys.ts';
import type { DispatchRouteDetail, LinkAnswer } from '../../src-shared/protocol/dispatch.ts';
import type { Driver, Organisation, Route } from '../../src-shared/protocol/entities.ts';
import { stopsAroundUtrecht } from '../helpers/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { openSocket } from '../helpers/socket.ts';

describe('argument parsing', () => {
  it('types key=value pairs by the field they name, with nesting and prefix-free shorthands', () => {
    expect(
      parseArgs([
        'org-set',
        '3',
        'ft_photo_collection=off',
        'config.allowed_to_call_recipient=yes',
        'customer_id=none',
      ]),
    ).toEqual({
      name: 'org-set',
      id: 3,
      body: { plan: { ft_photo_collection: false }, config: { allowed_to_call_recipient: true }, customer_id: null },
    });
    expect(
      parseArgs(['stop', '1', '2', 'lat=52.1', 'street=12', 'arr_time=null', 'signature=true', 'units=[]']),
    ).toEqual({
      name: 'stop',
      routeId: 1,
      stopId: 2,
      body: { lat: 52.1, street: '12', arr_time: null, requirements: { signature: true }, units: [] },
    });
    expect(parseArgs(['publication', '4', 'photo_collection=false', 'project_date=2030-01-01'])).toEqual({
      name: 'publication',
      routeId: 4,
      changes: { photo_collection: false, project_date: '2030-01-01' },
    });
  });

  it('reads options in both spellings and positional ids', () => {
    expect(parseArgs(['routes', '--date', '2030-01-01', '--org=2', '--json'])).toEqual({
      name: 'routes',
      date: '2030-01-01',
      organisationId: 2,
      json: true,
    });
    expect(parseArgs(['driver-create', 'a@b.c', 'secret12', 'An', 'Bo', '--org', '5'])).toMatchObject({
      body: { email: 'a@b.c', password: 'secret12', first_name: 'An', last_name: 'Bo', organisation_id: 5 },
    });
    expect(parseArgs(['org-create', 'Acme', '--customer-id', 'cus_1'])).toEqual({
      name: 'org-create',
      body: { name: 'Acme', customer_id: 'cus_1' },
    });
    expect(parseArgs(['org-create', 'Acme', '--time-zone=america/new_york'])).toEqual({
      name: 'org-create',
      body: { name: 'Acme', time_zone: 'America/New_York' },
    });
    expect(parseArgs(['org-set', '3', 'time_zone=Europe/Amsterdam'])).toEqual({
      name: 'org-set',
      id: 3,
      body: { time_zone: 'Europe/Amsterdam' },
    });
    expect(parseArgs(['org-set', '3', 'time_zone=none'])).toMatchObject({ body: { time_zone: null } });
    expect(parseArgs(['reorder', '7', '3', '2', '1'])).toEqual({ name: 'reorder', routeId: 7, stopIds: [3, 2, 1] });
    expect(parseArgs(['reassign', '7', 'none'])).toEqual({ name: 'reassign', routeId: 7, driverId: null });
    expect(parseArgs([])).toEqual({ name: 'help' });
  });

  it('refuses what it cannot understand with a usage error saying what is wrong', () => {
    const cases: [string[], RegExp][] = [
      [['launch'], /Unknown command "launch"/],
      [['route'], /Usage: route <routeId>/],
      [['route', 'abc'], /routeId must be a positive whole number/],
      [['routes', '--date', 'tomorrow'], /--date must be YYYY-MM-DD/],
      [['routes', '--colour', 'red'], /Unknown option --colour/],
      [['route', '5', '--org', '1'], /Unknown option --org/],
      [['drivers', '--org'], /--org needs a value/],
      [['driver-create', 'a@b.c', 'pw', 'A', 'B'], /needs --org/],
      [['stop', '1', '2'], /at least one key=value/],
      [['stop', '1', '2', 'lat=north'], /lat must be a number, got "north"/],
      [['stop', '1', '2', 'colour=red'], /Unknown key "colour"/],
      [['stop', '1', '2', 'street'], /Expected key=value/],
      [['publication', '1', 'photo_collection=maybe'], /photo_collection must be true or false/],
      [['stop', '1', '2', 'units=[oops'], /units must be JSON/],
      [['org-create', 'Acme', '--time-zone', 'CEST+2'], /--time-zone must be an IANA time zone name/],
      [['org-set', '3', 'time_zone=Europe/Utrecht'], /time_zone must be an IANA time zone name.*"Europe\/Utrecht"/],
    ];
    for (const [argv, message] of cases) expect(() => parseArgs(argv), argv.join(' ')).toThrow(message);
    expect(() => assignments(['a=1'], {})).toThrow(UsageError);
  });

  it('lists every command on one line in the help', () => {
    const lines = usage().split('\n').slice(2, -2);
    expect(lines).toHaveLength(16);
    // Issue 48: the help points to the API reference for the fields.
    expect(usage().split('\n').at(-1)).toMatch(/\/docs\/api/);
    for (const name of ['orgs', 'org-create', 'route-create', 'publication', 'unlink'])
      expect(lines.some((l) => l.trimStart().startsWith(`${name} `))).toBe(true);
  });
});

describe('the dispatch command against a server', () => {
  let t: TestServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await startTestServer();
    // No DISPATCH_TOKEN: the CLI reads the token the server wrote to DATA_DIR/secrets.json.
    env = { DISPATCH_URL: t.url, DATA_DIR: t.config.dataDir };
  });
  afterAll(() => t.close());

  async function cli(argv: string[], options: { env?: Record<string, string>; stdin?: string } = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      readStdin: async () => options.stdin ?? '',
    };
    const code = await main(argv, options.env ?? env, io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  const json = <T>(text: string) => JSON.parse(text) as T;

  it('runs every command', async () => {
    const org = await cli(['org-create', 'CLI Logistics', '--customer-id', 'cus_cli', '--time-zone', 'Europe/Lisbon']);
    expect(org.code, org.err).toBe(0);
    expect(json<Organisation>(org.out)).toMatchObject({ time_zone: 'Europe/Lisbon' });
    const orgId = json<Organisation>(org.out).id;
    const set = await cli([
      'org-set',
      String(orgId),
      'ft_realtime_driver_tracking=false',
      'name=CLI Logistics BV',
      'time_zone=Europe/Amsterdam',
    ]);
    expect(json<Organisation>(set.out)).toMatchObject({
      name: 'CLI Logistics BV',
      plan: { ft_realtime_driver_tracking: false },
      time_zone: 'Europe/Amsterdam',
    });
    const orgs = await cli(['orgs']);
    expect(orgs.out).toMatch(/^ID\s+NAME.*TIME ZONE$/m);
    expect(orgs.out).toMatch(
      new RegExp(
        // The delivery outcomes' flags (issue 34) are off unless set.
        `${orgId}\\s+CLI Logistics BV\\s+cus_cli\\s+active\\s+Pro\\s+ft_realtime_driver_tracking,ft_failure_reasons,ft_delivery_places,ft_delivery_codes,ft_arrival_detection\\s+Europe/Amsterdam`,
      ),
    );

    const created = await cli([
      'driver-create',
      'cli@example.test',
      'cli-password',
      'Cli',
      'Driver',
      '--org',
      String(orgId),
    ]);
    const driverId = json<Driver>(created.out).id;
    const second = json<Driver>(
      (await cli(['driver-create', 'cli2@example.test', 'cli-password', 'Two', 'D', `--org=${orgId}`])).out,
    );
    expect((await cli(['drivers', '--org', String(orgId)])).out).toMatch(/cli@example.test\s+Cli Driver/);
    expect(json<Driver[]>((await cli(['drivers', '--org', String(orgId), '--json'])).out)).toHaveLength(2);

    const file = join(mkdtempSync(join(tmpdir(), 'droplane-cli-')), 'route.json');
    const request = {
      organisation_id: orgId,
      driver_id: driverId,
      project_name: 'CLI day',
      date: '2030-05-06',
      stops: stopsAroundUtrecht(2),
    };
    writeFileSync(file, JSON.stringify(request));
    const route = json<Route>((await cli(['route-create', file])).out);
    expect(route.stops).toHaveLength(4);
    const fromStdin = await cli(['route-create', '-'], { stdin: JSON.stringify(request) });
    expect(fromStdin.code, fromStdin.err).toBe(0);
    expect((await cli(['routes', '--date', '2030-05-06'])).out).toMatch(/CLI day .*0\/2/);

    const { routeId, projectId } = { routeId: route.id, projectId: route.project_id };
    const link = json<LinkAnswer>((await cli(['link', String(routeId)])).out);
    const socket = await openSocket(t, { routeId, projectId, token: link.token });
    const stopId = route.stops[1]!.id;
    await cli(['stop', String(routeId), String(stopId), 'street=Domplein 1', 'picture=true']);
    expect((await socket.next('stop_update')).data.stop).toMatchObject({
      information: { street: 'Domplein 1' },
      requirements: { picture: true },
    });
    const ids = route.stops.map((s) => s.id);
    await cli(['reorder', String(routeId), ...[ids[0], ids[2], ids[1], ids[3]].map(String)]);
    expect((await socket.next('route_reorder')).data.stop_ids).toEqual([ids[0], ids[2], ids[1], ids[3]]);
    const publication = await cli(['publication', String(routeId), 'photo_collection=false']);
    expect(json(publication.out)).toMatchObject({
      photo_collection: false,
      signature_capture: true,
      project_date: '2030-05-06',
    });
    expect((await socket.next('publication_settings')).data.publication_settings.photo_collection).toBe(false);
    await cli(['republish', String(routeId)]);
    await socket.next('republish');
    await cli(['reassign', String(routeId), String(second.id)]);
    expect((await socket.next('driver_change')).data.driver_id).toBe(second.id);
    expect(json<Route>((await cli(['reassign', String(routeId), 'none'])).out).driver).toBeNull();
    await socket.close();

    const unlinked = await cli(['unlink', String(routeId), link.linkId]);
    expect(unlinked.code, unlinked.err).toBe(0);
    expect(json(unlinked.out)).toMatchObject({ linkId: link.linkId, revoked_at: expect.any(String) });
    const detail = json<DispatchRouteDetail>((await cli(['route', String(routeId)])).out);
    expect(detail.links).toEqual([expect.objectContaining({ id: link.linkId, revoked_at: expect.any(String) })]);
    expect(detail.stops.map((s) => s.id)).toEqual([ids[0], ids[2], ids[1], ids[3]]);
  });

  it('prints the API error on stderr and exits 1', async () => {
    const missing = await cli(['route', '999999']);
    expect(missing).toMatchObject({ code: 1, out: '' });
    expect(missing.err).toBe('404: No route found with this id (field id)');
    const wrongToken = await cli(['orgs'], { env: { ...env, DISPATCH_TOKEN: 'wrong' } });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.err).toMatch(/^401: /);
    const noToken = await cli(['orgs'], { env: { DISPATCH_URL: t.url, DATA_DIR: join(tmpdir(), 'droplane-none') } });
    expect(noToken).toMatchObject({ code: 1, err: expect.stringMatching(/No dispatcher token/) });
    const badFile = await cli(['route-create', '-'], { stdin: '{"stops": [' });
    expect(badFile).toMatchObject({ code: 1, err: 'stdin is not valid JSON' });
  });

  it('prints the usage on stderr and exits 2 for an unknown command', async () => {
    const res = await cli(['launch']);
    expect(res.code).toBe(2);
    expect(res.err).toMatch(/Unknown command "launch"[\s\S]*Usage: npm run dispatch/);
    expect((await cli(['help'])).out).toMatch(/^Usage: npm run dispatch/);
  });

  it('runs as a program', async () => {
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'src-server/cli/dispatch.ts', 'orgs', '--json'],
      {
        env: { ...process.env, ...env, DISPATCH_TOKEN: t.config.dispatchToken },
      },
    );
    expect(Array.isArray(JSON.parse(stdout))).toBe(true);
    await expect(
      run(process.execPath, ['--import', 'tsx', 'src-server/cli/dispatch.ts', 'launch'], {
        env: { ...process.env, ...env },
      }),
    ).rejects.toMatchObject({ code: 2 });
  });
});
