import { describe, expect, it } from 'vitest';
import { createTilePrefetch, MAX_PREFETCH_URLS } from './prefetch-tiles.ts';
import type { TileStore } from './tile-store.ts';

function fakeFetch(answer: (url: string) => number | 'throw' = () => 200) {
  const asked: string[] = [];
  let inFlight = 0;
  let most = 0;
  const fn = (async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push(url);
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((r) => setTimeout(r, 1));
    inFlight -= 1;
    const status = answer(url);
    if (status === 'throw') throw new TypeError('Failed to fetch');
    return new Response('tile', { status });
  }) as typeof fetch;
  return { fn, asked, most: () => most };
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

/** A writer of the tile cache that records what it was asked; `kept` holds the URLs with a fresh copy. */
function fakeStore(kept: string[] = []) {
  const log = { has: [] as string[], keep: [] as string[], trims: 0, opened: 0 };
  const store: TileStore = {
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
  const open = async () => {
    log.opened += 1;
    return store;
  };
  return { open, log };
}

describe('createTilePrefetch: who keeps the tiles', () => {
  it('with no service worker in control, the core keeps each tile it fetched, then trims the cache once', async () => {
    const f = fakeFetch((url) => (url.includes('/3/') ? 404 : 200));
    const store = fakeStore();
    const outcome = await createTilePrefetch(f.fn, undefined, store.open)(urls(6));
    expect(outcome).toEqual({ fetched: 5, failed: 1 });
    expect(store.log.keep.sort()).toEqual(
      urls(6)
        .filter((u) => !u.includes('/3/'))
        .sort(),
    );
    expect(store.log.trims).toBe(1);
  });

  it('a tile with a fresh copy in the cache is not fetched again, and counts', async () => {
    const f = fakeFetch();
    const store = fakeStore(urls(2));
    const outcome = await createTilePrefetch(f.fn, undefined, store.open)(urls(5));
    expect(outcome).toEqual({ fetched: 5, failed: 0 });
    expect(f.asked.sort()).toEqual(urls(5).slice(2).sort());
    expect(store.log.keep).toHaveLength(3);
  });

  it('with the service worker in control the core keeps nothing itself: the service worker’s route does', async () => {
    const f = fakeFetch();
    const store = fakeStore();
    const outcome = await createTilePrefetch(f.fn, undefined, store.open)(urls(5), { viaServiceWorker: true });
    expect(outcome).toEqual({ fetched: 5, failed: 0 });
    expect(store.log).toEqual({ has: [], keep: [], trims: 0, opened: 0 });
  });

  it('opens the writer once for every call', async () => {
    const store = fakeStore();
    const prefetch = createTilePrefetch(fakeFetch().fn, undefined, store.open);
    await prefetch(urls(2));
    await prefetch(urls(3));
    expect(store.log.opened).toBe(1);
  });

  it('where there is no Cache Storage it only fetches', async () => {
    const f = fakeFetch();
    expect(await createTilePrefetch(f.fn)(urls(3))).toEqual({ fetched: 3, failed: 0 });
  });
});
