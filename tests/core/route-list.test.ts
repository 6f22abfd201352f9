import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src-shared/domain/dates.ts';
import { localDate } from '../../src-shared/domain/geo.ts';
import { newDbName } from '../helpers/core.ts';
import { coreSuite } from '../helpers/core-suite.ts';
import { type DriverFixture, makeDriver, makeOrganisation, makeRoute, PASSWORD } from '../helpers/fixtures.ts';

const suite = coreSuite();
let driver: DriverFixture;
const today = localDate(new Date());
const ids: Record<string, number> = {};

async function signedIn(options: { dbName?: string; baseUrl?: string } = {}) {
  const c = await suite.core(options);
  if (c.state().session.status !== 'signed_in') await c.api.signIn(driver.email, PASSWORD);
  return c;
}

beforeAll(async () => {
  driver = await makeDriver(suite.t, await makeOrganisation(suite.t, { name: 'List Co' }));
  const make = async (name: string, date: string, status: 'optimized' | 'planned' | 'finished' | 'in_progress') => {
    ids[name] = (await makeRoute(suite.t, driver, { project_name: name, date, status })).routeId;
  };
  await make('today', today, 'optimized');
  await make('running', addDays(today, -1), 'in_progress');
  await make('three days ago', addDays(today, -3), 'optimized');
  await make('stale plan', addDays(today, -3), 'planned');
  await make('tomorrow', addDays(today, 1), 'optimized');
  await make('done yesterday', addDays(today, -1), 'finished');
  await make('done long ago', addDays(today, -20), 'finished');
});

const sectionIds = (sections: { routes: { route: { id: number } }[] }[]) =>
  sections.flatMap((s) => s.routes.map((r) => r.route.id));

describe('route list', () => {
  it("is asked for at sign-in beside the account calls, and the screen's first load takes that answer", async () => {
    const listRequests: string[] = [];
    let listAsked!: () => void;
    const listStarted = new Promise<boolean>((resolve) => {
      listAsked = () => resolve(true);
    });
    // The organisation's answer is held until the list is asked for (bounded): with the list asked for only after
    // the account calls have answered, the bound ends the wait and the test fails.
    let askedWhileHeld: boolean | null = null;
    const fetchHolding: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === '/v1/projects/routes') {
        listRequests.push(url.pathname);
        listAsked();
      }
      const answer = globalThis.fetch(input, init);
      if (url.pathname === '/v1/organisations')
        askedWhileHeld = await Promise.race([listStarted, new Promise<boolean>((r) => setTimeout(r, 5_000, false))]);
      return answer;
    };
    const c = await suite.core({ fetch: fetchHolding });
    expect((await c.api.signIn(driver.email, PASSWORD)).ok).toBe(true);
    expect(askedWhileHeld).toBe(true);
    // The list screen's first load takes the answer already on its way or in.
    expect(await c.api.loadRouteList()).toEqual({ ok: true });
    await c.until((s) => s.routeList.status === 'ready');
    expect(listRequests).toHaveLength(1);
    // A pull to refresh still asks.
    expect(await c.api.loadRouteList({ refresh: true })).toEqual({ ok: true });
    expect(listRequests).toHaveLength(2);
  });

  /**
   * A core started as the worker starts it (prepare, then the page's start once `meanwhile` is done), counting its
   * list requests and whether each left before the start; `meanwhile` runs once prepare's request has left (or 1 s).
   */
  async function preparedCore(dbName: string, meanwhile: () => Promise<void> = async () => {}) {
    const lists: { beforeStart: boolean }[] = [];
    let started = false;
    const counting: typeof fetch = (input, init) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      if (path === '/v1/projects/routes') lists.push({ beforeStart: !started });
      return globalThis.fetch(input, init);
    };
    const c = await suite.core({
      dbName,
      fetch: counting,
      prepareBeforeStart: async () => {
        // The main module evaluates meanwhile, in the browser.
        for (let i = 0; i < 100 && lists.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
        await meanwhile();
        started = true;
      },
    });
    return { c, lists };
  }

  it("is asked for by the worker's prepare, before the page's start, and the start takes that answer", async () => {
    const dbName = newDbName();
    await signedIn({ dbName });
    const { c, lists } = await preparedCore(dbName);
    expect(await c.api.loadRouteList()).toEqual({ ok: true });
    await c.until((s) => s.routeList.status === 'ready' && !s.routeList.fromCache);
    expect(lists).toEqual([{ beforeStart: true }]);
    expect(sectionIds(c.state().routeList.sections.new)).toContain(ids.today);
  });

  it('asks again when the start restores another session than the one prepare asked for', async () => {
    const dbName = newDbName();
    const first = await signedIn({ dbName });
    // Signed out before the start: prepare's request went out with the old token; the start finds no session.
    const { c, lists } = await preparedCore(dbName, () => first.api.signOut().then(() => {}));
    expect(c.state().session.status).toBe('signed_out');
    expect(c.state().routeList.status).toBe('idle');
    // Signing in again is a new session: its own request, not prepare's answer.
    expect((await c.api.signIn(driver.email, PASSWORD)).ok).toBe(true);
    await c.until((s) => s.routeList.status === 'ready');
    expect(lists).toEqual([{ beforeStart: true }, { beforeStart: false }]);
  });

  it('loads and groups the New and Closed tabs in the core', async () => {
    const c = await signedIn();
    expect(await c.api.loadRouteList()).toEqual({ ok: true });
    const list = (await c.until((s) => s.routeList.status === 'ready')).routeList;
    expect(list.today).toBe(today);
    expect(list.fromCache).toBe(false);
    expect(list.sections.new.map((s) => s.key)).toEqual([
      { kind: 'in_progress' },
      { kind: 'today' },
      { kind: 'date', date: addDays(today, 1) },
      { kind: 'date', date: addDays(today, -3) },
    ]);
    expect(sectionIds(list.sections.new)).toEqual([ids.running, ids.today, ids.tomorrow, ids['three days ago']]);
    expect(sectionIds(list.sections.closed)).toEqual([ids['done yesterday']]);
  });

  it('keeps the last list for an offline start, and says there is no internet', async () => {
    const dbName = newDbName();
    const online = await signedIn({ dbName });
    await online.api.loadRouteList();
    await online.close();
    const offline = await signedIn({ dbName, baseUrl: 'http://127.0.0.1:9' });
    expect(await offline.api.loadRouteList()).toMatchObject({ ok: false, error: 'offline' });
    const state = await offline.until((s) => s.routeList.status === 'ready' && !s.routeList.refreshing);
    expect(state.routeList.fromCache).toBe(true);
    expect(sectionIds(state.routeList.sections.closed)).toEqual([ids['done yesterday']]);
    expect(state.notices.map((n) => n.kind)).toContain('no_internet');
  });

  it('refreshes with the list on screen', async () => {
    const c = await signedIn();
    await c.api.loadRouteList();
    const refreshing = c.api.loadRouteList({ refresh: true });
    await c.until((s) => s.routeList.refreshing);
    expect(c.state().routeList.status).toBe('ready');
    await refreshing;
    await c.until((s) => !s.routeList.refreshing);
  });

  it('maps a cancelled subscription to its error, and the driver stays signed in', async () => {
    const orgId = await makeOrganisation(suite.t, { name: 'Gone Co', subscription_status: 'canceled' });
    const gone = await makeDriver(suite.t, orgId);
    const c = await suite.core({});
    await c.api.signIn(gone.email, PASSWORD);
    expect(await c.api.loadRouteList()).toMatchObject({ ok: false, error: 'subscription_cancelled' });
    expect(c.state().session.status).toBe('signed_in');
  });

  it('sign-out forgets the list', async () => {
    const c = await signedIn();
    await c.api.loadRouteList();
    await c.until((s) => s.routeList.status === 'ready');
    await c.api.signOut();
    const state = await c.until((s) => s.session.status === 'signed_out');
    expect(state.routeList.status).toBe('idle');
    expect(state.routeList.sections.new).toEqual([]);
  });
});

describe('preview', () => {
  it('opens a finished route read-only with its stops, and closes', async () => {
    const c = await signedIn();
    expect(await c.api.previewRoute(ids['done yesterday']!)).toEqual({ ok: true });
    const state = await c.until((s) => s.preview?.status === 'ready');
    expect(state.preview?.route?.stops.length).toBeGreaterThan(2);
    await c.api.previewRoute(null);
    await c.until((s) => s.preview === null);
  });

  it('says not found for a route that is not the driver’s', async () => {
    const c = await signedIn();
    expect(await c.api.previewRoute(999_999)).toMatchObject({ ok: false, error: 'not_found' });
    await c.until((s) => s.preview?.status === 'failed');
  });
});
