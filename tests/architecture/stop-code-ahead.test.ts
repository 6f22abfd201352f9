/**
 * The code a stop needs is in the route view's own load (issues 31 and 45): every lazy import of a stop's screens and
 * of the core's intents for proofs. src-ui/screens/stop/stop-code.ts holds the page's part (the stop windows of the
 * route table, and what the windows' own code loads on demand: the signature pad, the scan panel, the phone rule),
 * src-worker/core/stop-code.ts the core's (photo resizing, proof images, barcode decoding), and the route view loads
 * both beside the route and shows its stops once they are in (RouteView.tsx, useStopCode). A new lazy import there that is not in the lists would leave
 * a driver whose signal went before the service worker took over with a screen or a proof that cannot load. Read
 * from the source.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const UI_LIST = join(root, 'src-ui/screens/stop/stop-code.ts');
const CORE_LIST = join(root, 'src-worker/core/stop-code.ts');

/**
 * The code without its comments (their examples name imports too). A block comment starts a line (after its indent):
 * a path's `/*` in a string (`${base}/stops/*`) is not one.
 */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/^\s*\/\*[\s\S]*?\*\//gm, '')
    .replace(/^\s*\/\/.*$/gm, '');

/** What `import('…')` names in `text`: a path resolved from `file`'s folder, or a package as written. */
const lazyImports = (file: string, text = code(file)) =>
  [...text.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) =>
    m[1]!.startsWith('.') ? resolve(dirname(file), m[1]!) : m[1]!,
  );

/** A folder's source files (recursively), tests and the lists left out. */
const sources = (folder: string): string[] =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(root, folder, name))
    .filter((file) => file !== UI_LIST && file !== CORE_LIST);

describe("the page's stop code in the route view's load", () => {
  const listed = new Set(lazyImports(UI_LIST));

  it('is loaded by the route view, which shows its stops only once it is in', () => {
    const view = code(join(root, 'src-ui/screens/route-view/RouteView.tsx'));
    expect(view).toMatch(/const stopCode = useStopCode\(\);/);
    expect(view).toMatch(/stopCode=\{stopCode\}/);
  });

  it('holds the stop windows of the route table', () => {
    const routes = join(root, 'src-ui/app/AppRoutes.tsx');
    const windows = [...code(routes).matchAll(/= stopWindow\([\s\S]*?\);/g)].map((m) => m[0]);
    expect(windows).toHaveLength(3);
    for (const window of windows) for (const target of lazyImports(routes, window)) expect(listed).toContain(target);
  });

  it("holds every lazy import of the stop windows' own code (stop screens, proofs, scanning)", () => {
    const targets = ['src-ui/screens/stop', 'src-ui/proof', 'src-ui/scan'].flatMap((folder) =>
      sources(folder).flatMap((file) => lazyImports(file)),
    );
    expect(targets.length).toBeGreaterThanOrEqual(3);
    for (const target of targets) expect(listed, target).toContain(target);
  });
});

describe("the core's stop code in the route view's load", () => {
  const listed = new Set(lazyImports(CORE_LIST));

  it("holds every lazy import of the media and scanning code, and the intents' own", () => {
    // Every file of the core: the intents live in its services (proof-media.ts), and stay covered wherever one moves.
    const intents = sources('src-worker/core')
      .flatMap((file) => lazyImports(file))
      .filter((target) => /[\\/]src-worker[\\/](media|scan)[\\/]/.test(target));
    expect(intents.length).toBeGreaterThanOrEqual(3);
    const own = ['src-worker/media', 'src-worker/scan'].flatMap((folder) =>
      sources(folder).flatMap((f) => lazyImports(f)),
    );
    for (const target of [...intents, ...own]) expect(listed, target).toContain(target);
  });
});
