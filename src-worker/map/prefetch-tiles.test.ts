import { describe, expect, it } from 'vitest';
import type { MapCache, MapCaches } from './map-cache.ts';
import { createTilePrefetch, MAX_PREFETCH_URLS } from './prefetch-tiles.ts';

function fakeFetch(answer: (url: string) => number | 'throw' = () => 200) {
  const asked: string[] = [];
  let inFlight = 0;
  let most = 0;
  const accepts = new Map<string, string | null>();
  const fn = (async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    if (input instanceof Request) accepts.set(url, input.headers.get('accept'));
    asked.push(url);
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((r) => setTimeout(r, 1));
    inFlight -= 1;
    const status = answer(url);
    if (status === 'throw') throw new TypeError('Failed to fetch');
    return new Response('tile', { status });
  }) as typeof fetch;
  return { fn, asked, accepts, most: () => most };
}

const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://tiles.example/14/${i}/0.pbf`);

/** No writer of its own: these cases are about what is fetched (the service worker keeps the tiles). */
const noStore = async () => null;

describe('createTilePrefetch', () => {
  it('fetches every URL, a few at a time, and counts the answers', async () => {
    const f = fakeFetch((url) => (url.includes('/7/') ? 404 : 200));
    const outcome = await createTilePrefetch(f.fn, undefined, noStore)(urls(20));
    expect(outcome).toEqual({ fetched: 19, failed: 1 });
    expect(f.asked).toHaveLength(20);
    expect(f.most()).toBeLessThanOrEqual(4);
  });

  it('at most MAX_PREFETCH_URLS, other hosts’ http(s) URLs only', async () => {
    const f = fakeFetch();
    await createTilePrefetch(
      f.fn,
      undefined,
      noStore,
    )([...urls(MAX_PREFETCH_URLS + 50), '/v1/projects/routes', 'data:,x']);
    expect(f.asked).toHaveLength(MAX_PREFETCH_URLS);
    expect(f.asked.every((u) => u.startsWith('https://tiles.example/'))).toBe(true);
  });

  it('never the app’s own origin', async () => {
    const f = fakeFetch();
    await createTilePrefetch(
      f.fn,
      () => 'https://app.example',
      noStore,
    )(['https://app.example/v1/projects/routes', 'https://app.example/tiles/14/1/1.pbf', ...urls(2)]);
    expect(f.asked).toEqual(urls(2));
  });

  it('counts a request that is never answered as failed after its timeout, and goes on', async () => {
    const asked: string[] = [];
    // A dead zone: the request neither answers nor fails until its signal aborts it.
    const silent = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      asked.push(url);
      if (!url.includes('/0/')) return Promise.resolve(new Response('tile'));
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      });
    }) as typeof fetch;
    const outcome = await createTilePrefetch(silent, undefined, noStore, 20)(urls(6));
    expect(outcome).toEqual({ fetched: 5, failed: 1 });
    expect(asked).toHaveLength(6);
  });

  it('gives up on a host that answers nothing', async () => {
    const f = fakeFetch(() => 'throw');
    const outcome = await createTilePrefetch(f.fn, undefined, noStore)(urls(100));
    expect(outcome.fetched).toBe(0);
    expect(f.asked.length).toBeLessThan(10);
  });

  it('a newer call stops the older one', async () => {
    const f = fakeFetch();
    const prefetch = createTilePrefetch(f.fn, undefined, noStore);
    const first = prefetch(urls(100));
    const second = prefetch(['https://tiles.example/15/1/1.pbf']);
    expect(await second).toEqual({ fetched: 1, failed: 0 });
    expect((await first).fetched).toBeLessThan(10);
  });
});

/** A writer of one map cache that records what it was asked; `kept` holds the URLs with a fresh copy. */
function fakeCache(kept: string[]) {
  const log = { has: [] as string[], keep: [] as string[], trims: 0 };
  const cache: MapCache = {
    async has(request) {
      log.has.push(request.url);
      return kept.includes(request.url);
    },
    async keep(request, response) {
      await response.arrayBuffer();
      log.keep.push(request.url);
      return true;
    },
    async trim() {
      log.trims += 1;
    },
  };
  return { cache, log };
}

/** Both caches' writers, counting how often they were opened. */
function fakeCaches(kept: string[] = []) {
  const tiles = fakeCache(kept);
  const styles = fakeCache(kept);
  let opened = 0;
  const open = async (): Promise<MapCaches> => {
    opened += 1;
    return { tiles: tiles.cache, styles: styles.cache };
  };
  return { open, tiles: tiles.log, styles: styles.log, opened: () => opened };
}

const STYLE = [
  'https://tiles.example/styles/positron',
  'https://tiles.example/planet',
  'https://tiles.example/sprites/ofm@2x.json',
  'https://tiles.example/sprites/ofm@2x.png',
  'https://tiles.example/fonts/Noto%20Sans%20Regular/0-255.pbf',
];

describe('createTilePrefetch: who keeps what', () => {
  it('with no service worker in control, the core keeps each tile it fetched, then trims the caches once', async () => {
    const f = fakeFetch((url) => (url.includes('/3/') ? 404 : 200));
    const caches = fakeCaches();
    const outcome = await createTilePrefetch(f.fn, undefined, caches.open)(urls(6));
    expect(outcome).toEqual({ fetched: 5, failed: 1 });
    expect(caches.tiles.keep.sort()).toEqual(
      urls(6)
        .filter((u) => !u.includes('/3/'))
        .sort(),
    );
    expect([caches.tiles.trims, caches.styles.trims]).toEqual([1, 1]);
  });

  it('a file with a fresh copy kept is not fetched again, and counts', async () => {
    const f = fakeFetch();
    const caches = fakeCaches([...urls(2), STYLE[0]!]);
    const outcome = await createTilePrefetch(f.fn, undefined, caches.open)(urls(5), { style: STYLE.slice(0, 2) });
    expect(outcome).toEqual({ fetched: 5, failed: 0 });
    expect(f.asked.sort()).toEqual([STYLE[1]!, ...urls(5).slice(2)].sort());
    expect(caches.tiles.keep).toHaveLength(3);
    expect(caches.styles.keep).toEqual([STYLE[1]]);
  });

  it('the style’s files first, into the styles’ cache, JSON asked for as JSON', async () => {
    const f = fakeFetch();
    const caches = fakeCaches();
    await createTilePrefetch(f.fn, undefined, caches.open)(urls(3), { style: STYLE });
    expect(f.asked.slice(0, STYLE.length)).toEqual(STYLE);
    expect(caches.styles.keep).toEqual(STYLE);
    expect(STYLE.map((url) => f.accepts.get(url) ?? null)).toEqual([
      'application/json',
      'application/json',
      'application/json',
      null,
      null,
    ]);
  });

  it('with the service worker in control the core keeps nothing itself: the service worker’s routes do', async () => {
    const f = fakeFetch();
    const caches = fakeCaches();
    const prefetch = createTilePrefetch(f.fn, undefined, caches.open);
    const outcome = await prefetch(urls(5), { viaServiceWorker: true, style: STYLE });
    expect(outcome).toEqual({ fetched: 5, failed: 0 });
    expect(f.asked).toHaveLength(5 + STYLE.length);
    expect([...caches.tiles.keep, ...caches.styles.keep]).toEqual([]);
    expect([caches.tiles.trims, caches.styles.trims]).toEqual([0, 0]);
  });

  it('opens the writers once for every call', async () => {
    const caches = fakeCaches();
    const prefetch = createTilePrefetch(fakeFetch().fn, undefined, caches.open);
    await prefetch(urls(2));
    await prefetch(urls(3));
    expect(caches.opened()).toBe(1);
  });

  it('where there is no Cache Storage it only fetches', async () => {
    const f = fakeFetch();
    expect(await createTilePrefetch(f.fn)(urls(3), { style: STYLE })).toEqual({ fetched: 3, failed: 0 });
    expect(f.asked).toHaveLength(3 + STYLE.length);
  });
});
