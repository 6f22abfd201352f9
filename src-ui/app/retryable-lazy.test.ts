/**
 * retryableLazy (issue 45): a lazy load whose chunk could not be fetched is marked as such (and nothing else is), a
 * retry after renewFailedLoads loads again where React.lazy alone keeps its rejection, and a load that settles
 * synchronously still does. Rendered with React's static renderer, which waits for lazy components.
 */
import { type ComponentType, createElement, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { isCodeUnavailable, markedLoad, markFetchFailure, renewFailedLoads, retryableLazy } from './retryable-lazy.ts';

const CHROMIUM = () => new TypeError('Failed to fetch dynamically imported module: https://app.test/assets/About-x.js');

/** The markup of `component` once its code is in, or the error that stopped it. */
async function render(component: ComponentType<{ name: string }>): Promise<string | unknown> {
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerender(createElement(Suspense, null, createElement(component, { name: 'About' })), {
      onError: (error) => void errors.push(error),
    });
    const html = await new Response(prelude).text();
    return errors.length > 0 ? errors[0] : html;
  } catch (error) {
    return error;
  }
}

const Screen = ({ name }: { name: string }) => createElement('h1', null, name);

describe('markFetchFailure', () => {
  it("marks each engine's and Vite's words for a chunk that could not be fetched", () => {
    for (const error of [
      CHROMIUM(),
      new TypeError('Importing a module script failed.'),
      new TypeError('error loading dynamically imported module: https://app.test/assets/About-x.js'),
      new Error('Unable to preload CSS for https://app.test/assets/About-x.css'),
    ]) {
      const marked = markFetchFailure(error);
      expect(isCodeUnavailable(marked), String(error)).toBe(true);
      expect((marked as Error).cause).toBe(error);
    }
  });

  it('leaves every other error as it is: a bug in the chunk’s own code reaches the error page', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'stops')");
    expect(markFetchFailure(bug)).toBe(bug);
    expect(markFetchFailure('offline')).toBe('offline');
  });
});

describe('markedLoad', () => {
  it('keeps a load that settles synchronously synchronous (a route screen in the first render)', () => {
    const module = { default: Screen };
    // biome-ignore lint/suspicious/noThenProperty: the settled thenable of screen-loaders.ts lazyRouteScreen
    const settled = { then: (resolve: (value: typeof module) => void) => resolve(module) };
    let got: unknown = null;
    markedLoad(
      () => settled as unknown as PromiseLike<typeof module>,
      () => {},
    )().then((value) => {
      got = value;
    });
    expect(got).toBe(module);
  });

  it('marks the rejection and says so first', async () => {
    let failed = 0;
    const load = markedLoad(
      () => Promise.reject(CHROMIUM()),
      () => failed++,
    );
    const error = await new Promise((resolve) => load().then(undefined, resolve));
    expect(isCodeUnavailable(error)).toBe(true);
    expect(failed).toBe(1);
  });
});

describe('retryableLazy', () => {
  it('fails with the marked error while the chunk is missing, and renders once it is back and retried', async () => {
    let missing = true;
    const About = retryableLazy(async () => {
      if (missing) throw CHROMIUM();
      return { default: Screen };
    });
    expect(isCodeUnavailable(await render(About))).toBe(true);
    missing = false;
    // React.lazy keeps its rejection: without the renewal, the chunk's return changes nothing.
    expect(isCodeUnavailable(await render(About))).toBe(true);
    renewFailedLoads();
    expect(await render(About)).toContain('<h1>About</h1>');
  });

  it('passes a real bug on unmarked', async () => {
    const bug = new ReferenceError('stops is not defined');
    const Broken = retryableLazy(() => Promise.reject(bug));
    expect(await render(Broken)).toBe(bug);
  });
});
