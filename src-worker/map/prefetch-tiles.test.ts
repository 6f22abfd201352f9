import { describe, expect, it } from 'vitest';
import { createTilePrefetch, MAX_PREFETCH_URLS } from './prefetch-tiles.ts';

function fakeFetch(answer: (url: string) => number | 'throw' = () => 200) {
  const asked: string[] = [];
  let inFlight = 0;
  let most = 0;
  const fn = (async (input: RequestInfo | URL) => {
    const url = String(input);
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

describe('createTilePrefetch', () => {
  it('fetches every URL, a few at a time, and counts the answers', async () => {
    const f = fakeFetch((url) => (url.includes('/7/') ? 404 : 200));
    const outcome = await createTilePrefetch(f.fn)(urls(20));
    expect(outcome).toEqual({ fetched: 19, failed: 1 });
    expect(f.asked).toHaveLength(20);
    expect(f.most()).toBeLessThanOrEqual(4);
  });

  it('at most MAX_PREFETCH_URLS, other hosts’ http(s) URLs only', async () => {
    const f = fakeFetch();
    await createTilePrefetch(f.fn)([...urls(MAX_PREFETCH_URLS + 50), '/v1/projects/routes', 'data:,x']);
    expect(f.asked).toHaveLength(MAX_PREFETCH_URLS);
    expect(f.asked.every((u) => u.startsWith('https://tiles.example/'))).toBe(true);
  });

  it('never the app’s own origin', async () => {
    const f = fakeFetch();
    await createTilePrefetch(
      f.fn,
      () => 'https://app.example',
    )(['https://app.example/v1/projects/routes', 'https://app.example/tiles/14/1/1.pbf', ...urls(2)]);
    expect(f.asked).toEqual(urls(2));
  });

  it('gives up on a host that answers nothing', async () => {
    const f = fakeFetch(() => 'throw');
    const outcome = await createTilePrefetch(f.fn)(urls(100));
    expect(outcome.fetched).toBe(0);
    expect(f.asked.length).toBeLessThan(10);
  });

  it('a newer call stops the older one', async () => {
    const f = fakeFetch();
    const prefetch = createTilePrefetch(f.fn);
    const first = prefetch(urls(100));
    const second = prefetch(['https://tiles.example/15/1/1.pbf']);
    expect(await second).toEqual({ fetched: 1, failed: 0 });
    expect((await first).fetched).toBeLessThan(10);
  });
});
