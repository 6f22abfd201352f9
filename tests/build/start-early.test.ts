/**
 * What the build's index.html starts early (scripts/start-early.ts): the worker scripts it preloads, read from the
 * chunks' code as Vite writes it, and each route screen's files its early script preloads.
 */
import { describe, expect, it } from 'vitest';
import { type ChunkFacts, screenCodeFiles, workerScriptsIn } from '../../scripts/start-early.ts';

describe('workerScriptsIn', () => {
  it.each([
    [
      'backticks, as Vite writes it',
      'new Worker(new URL(`/assets/core-Ab1.js`,``+import.meta.url),{type:`module`})',
      ['/assets/core-Ab1.js'],
    ],
    ['double quotes', 'new Worker(new URL("/assets/core-Ab1.js", import.meta.url))', ['/assets/core-Ab1.js']],
    [
      'twice the same, listed once',
      'new Worker(new URL("/assets/a.js",u));new Worker(new URL("/assets/a.js",u))',
      ['/assets/a.js'],
    ],
    ['a URL that is not a worker', 'fetch(new URL("/assets/a.js", import.meta.url))', []],
    ['a worker outside the build', 'new Worker(new URL("https://cdn.example/x.js"))', []],
  ])('%s', (_, code, expected) => {
    expect(workerScriptsIn(code)).toEqual(expected);
  });
});

describe('screenCodeFiles', () => {
  const chunk = (fileName: string, imports: string[], extra: Partial<ChunkFacts> = {}): ChunkFacts => ({
    fileName,
    imports,
    facadeModuleId: null,
    isEntry: false,
    css: [],
    ...extra,
  });
  const chunks = [
    chunk('assets/start-early-a.js', ['assets/core-mode-b.js'], { isEntry: true }),
    chunk('assets/core-mode-b.js', []),
    chunk('assets/index-c.js', ['assets/shell-d.js', 'assets/core-mode-b.js'], { isEntry: true }),
    chunk('assets/shell-d.js', []),
    chunk('assets/RoutesScreen-e.js', ['assets/shell-d.js', 'assets/list-screen-f.js', 'assets/index-c.js'], {
      facadeModuleId: '/app/RoutesScreen.tsx',
      css: ['assets/RoutesScreen-e.css'],
    }),
    chunk('assets/list-screen-f.js', ['assets/shell-d.js'], { css: ['assets/list-screen-f.css'] }),
    chunk('assets/RouteScreen-g.js', ['assets/list-screen-f.js', 'assets/screens-h.js'], {
      facadeModuleId: '/app/RouteScreen.tsx',
    }),
    chunk('assets/screens-h.js', ['assets/list-screen-f.js'], { css: ['assets/list-screen-f.css'] }),
  ];

  it("names each screen's chunks and styles beyond what the entries load, once each", () => {
    expect(screenCodeFiles(chunks, { list: '/app/RoutesScreen.tsx', route: '/app/RouteScreen.tsx' })).toEqual({
      list: {
        js: ['/assets/RoutesScreen-e.js', '/assets/list-screen-f.js'],
        css: ['/assets/RoutesScreen-e.css', '/assets/list-screen-f.css'],
      },
      route: {
        js: ['/assets/RouteScreen-g.js', '/assets/screens-h.js', '/assets/list-screen-f.js'],
        css: ['/assets/list-screen-f.css'],
      },
    });
  });

  it('names nothing for a screen the build does not have', () => {
    expect(screenCodeFiles(chunks, { list: '/app/Elsewhere.tsx', route: '/app/Nowhere.tsx' })).toEqual({
      list: { js: [], css: [] },
      route: { js: [], css: [] },
    });
  });
});
