/** The first screen's files, read from the build's meta element (preload-screen-code.ts, app/first-screen.ts). */
import { describe, expect, it } from 'vitest';
import { routeScreenAt } from '../app/first-screen.ts';
import { screenCodeFiles } from './preload-screen-code.ts';

describe('routeScreenAt', () => {
  it.each([
    ['/routes', 'list'],
    ['/routes/closed', 'list'],
    ['/routes/12', 'route'],
    ['/routes/12/stops/3', 'route'],
    ['/routes/single/abc', 'route'],
    ['/login', null],
    ['/account', null],
    ['/', null],
  ])('%s opens %s', (path, expected) => {
    expect(routeScreenAt(path)).toBe(expected);
  });
});

describe('screenCodeFiles', () => {
  const docWith = (content: string | null) => ({
    querySelector: () => (content === null ? null : ({ content } as HTMLMetaElement)),
  });
  const files = { list: { js: ['/assets/a.js'], css: ['/assets/a.css'] }, route: { js: ['/assets/b.js'], css: [] } };

  it('reads the files of the screen asked for', () => {
    expect(screenCodeFiles(docWith(JSON.stringify(files)), 'list')).toEqual(files.list);
    expect(screenCodeFiles(docWith(JSON.stringify(files)), 'route')).toEqual(files.route);
  });

  it.each([
    ['no meta (development)', null],
    ['an empty one', ''],
    ['one that is not JSON', '/assets/a.js /assets/b.js'],
    ['one without the screen', JSON.stringify({ route: files.route })],
  ])('names nothing with %s', (_, content) => {
    expect(screenCodeFiles(docWith(content), 'list')).toEqual({ js: [], css: [] });
  });
});
