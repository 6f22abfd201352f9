/** Which worker scripts the build's index.html preloads: read from the chunks' code as Vite writes it. */
import { describe, expect, it } from 'vitest';
import { workerScriptsIn } from '../../scripts/start-core-early.ts';

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
