import { describe, expect, it } from 'vitest';
import { MAP_STYLE_CACHE, MAP_TILE_CACHE } from '../../src-shared/domain/map-caches.ts';
import { createMapCache, type Expiration } from './map-cache.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const DAY_MS = 24 * 3600 * 1000;
const TILE = 'https://tiles.example/planet/14/8425/5405.pbf';

/** Cache Storage in memory, by URL; `putError` makes every write fail with it. */
function memoryCaches(putError: Error | null = null) {
  const stores = new Map<string, Map<string, Response>>();
  const caches = {
    async open(name: string) {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        async match(request: Request) {
          return store.get(request.url)?.clone();
        },
        async put(request: Request, response: Response) {
          if (putError) throw putError;
          // As the browser's: the body is read to its end before the entry is there.
          store.set(request.url, new Response(await response.arrayBuffer(), response));
        },
      };
    },
  } as unknown as CacheStorage;
  return { caches, entries: (name: string) => [...(stores.get(name)?.keys() ?? [])] };
}

function fakeExpiration() {
  const log = { used: [] as string[], expired: 0, deleted: 0 };
  const expiration: Expiration = {
    async updateTimestamp(url) {
      log.used.push(url);
    },
    async expireEntries() {
      log.expired += 1;
    },
    async delete() {
      log.deleted += 1;
    },
  };
  return { expiration, log };
}

const tile = (date: number | null, status = 200) =>
  new Response('tile', { status, headers: date === null ? {} : { date: new Date(date).toUTCString() } });

describe('the core’s writes into a map cache', () => {
  it('keeps a complete answer in the shared cache and records its use, as the service worker’s route does', async () => {
    const memory = memoryCaches();
    const { expiration, log } = fakeExpiration();
    const store = createMapCache(memory.caches, MAP_TILE_CACHE, expiration, () => NOW);
    expect(await store.has(new Request(TILE))).toBe(false);
    expect(await store.keep(new Request(TILE), tile(NOW))).toBe(true);
    expect(memory.entries(MAP_TILE_CACHE.name)).toEqual([TILE]);
    expect(log.used).toEqual([TILE]);
    // Kept: found again, and used now (the least-recently-used order follows).
    expect(await store.has(new Request(TILE))).toBe(true);
    expect(log.used).toEqual([TILE, TILE]);
  });

  it.each([
    ['a 404', 404],
    ['a 500', 500],
    ['a 204 with no tile', 204],
  ])('never keeps %s', async (_name, status) => {
    const memory = memoryCaches();
    const { expiration, log } = fakeExpiration();
    const store = createMapCache(memory.caches, MAP_TILE_CACHE, expiration, () => NOW);
    const answer = status === 204 ? new Response(null, { status }) : tile(NOW, status);
    expect(await store.keep(new Request(TILE), answer)).toBe(false);
    expect(memory.entries(MAP_TILE_CACHE.name)).toEqual([]);
    expect(log.used).toEqual([]);
  });

  it.each<[string, number | null, boolean]>([
    ['a day old', NOW - DAY_MS, true],
    ['past the cache’s age', NOW - 31 * DAY_MS, false],
    ['with no Date', null, true],
  ])('a copy %s counts as kept: %s', async (_name, date, kept) => {
    const memory = memoryCaches();
    const { expiration } = fakeExpiration();
    const store = createMapCache(memory.caches, MAP_TILE_CACHE, expiration, () => NOW);
    await store.keep(new Request(TILE), tile(date));
    expect(await store.has(new Request(TILE))).toBe(kept);
  });

  it('a full disk empties the cache and its bookkeeping; another failed write only fails', async () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    const full = fakeExpiration();
    expect(
      await createMapCache(memoryCaches(quota).caches, MAP_TILE_CACHE, full.expiration).keep(
        new Request(TILE),
        tile(NOW),
      ),
    ).toBe(false);
    expect(full.log.deleted).toBe(1);

    const other = fakeExpiration();
    const broken = memoryCaches(new TypeError('no'));
    expect(
      await createMapCache(broken.caches, MAP_TILE_CACHE, other.expiration).keep(new Request(TILE), tile(NOW)),
    ).toBe(false);
    expect(other.log).toEqual({ used: [], expired: 0, deleted: 0 });
  });

  it('trim brings the cache within its bounds', async () => {
    const { expiration, log } = fakeExpiration();
    await createMapCache(memoryCaches().caches, MAP_TILE_CACHE, expiration).trim();
    expect(log.expired).toBe(1);
  });
});

it('each cache by its own name: the styles’ apart from the tiles’', async () => {
  const memory = memoryCaches();
  const style = 'https://tiles.example/styles/positron';
  await createMapCache(memory.caches, MAP_STYLE_CACHE, fakeExpiration().expiration).keep(new Request(style), tile(NOW));
  expect(memory.entries(MAP_STYLE_CACHE.name)).toEqual([style]);
  expect(memory.entries(MAP_TILE_CACHE.name)).toEqual([]);
});
