/**
 * The import graph of the four source folders, read with the bundler's own parser (rolldown's oxc: static,
 * dynamic and type-only imports, types written as `import('…')` and re-exports alike; a `.js` specifier names its
 * `.ts` file, as TypeScript reads it): no import loops anywhere, and the arrows between the folders go only one way.
 *
 *   src-ui ─────► src-shared ◄───── src-server
 *     │  (inline.ts only) ▲
 *     └──► src-worker ────┘
 *
 * src-shared imports none of the other three; the worker never imports the UI or the server; the server never
 * imports the UI or the worker; the UI never imports the server, and the worker only through src-worker/inline.ts
 * (the main-thread mode the bench and the wrappers' fallback use), from src-ui/bridge/connect.ts alone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseSync } from 'rolldown/utils';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const FOLDERS = ['src-shared', 'src-worker', 'src-ui', 'src-server'] as const;
type Folder = (typeof FOLDERS)[number];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** The specifiers of a type written as `import('…')` (`type X = import('./a.ts').X`), which no import statement lists. */
function importTypeSpecifiers(node: unknown, found: string[] = []): string[] {
  if (!node || typeof node !== 'object') return found;
  const typed = node as { type?: string; source?: { value?: unknown } };
  if (typed.type === 'TSImportType' && typeof typed.source?.value === 'string') found.push(typed.source.value);
  for (const child of Object.values(node)) importTypeSpecifiers(child, found);
  return found;
}

/** The file a relative specifier names: as written, with an extension added, or TypeScript's `.js` for a `.ts` file. */
function resolveSpecifier(file: string, specifier: string): string {
  const base = resolve(dirname(file), specifier.replace(/\?.*$/, ''));
  const asSource = base
    .replace(/\.js$/, '.ts')
    .replace(/\.jsx$/, '.tsx')
    .replace(/\.mjs$/, '.mts');
  const found = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    asSource,
    asSource.replace(/\.ts$/, '.tsx'),
  ].find((p) => existsSync(p) && statSync(p).isFile());
  return relative(root, found ?? base);
}

/** The project files a file imports (paths from the root); packages and virtual modules are left out. */
function importsOf(file: string, source: string): string[] {
  const { module, program } = parseSync(file, source, { lang: file.endsWith('x') ? 'tsx' : 'ts' });
  const specifiers = [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) => e.entries.flatMap((x) => (x.moduleRequest ? [x.moduleRequest.value] : []))),
    // A dynamic import's request is an expression: only a string literal names a file.
    ...module.dynamicImports.map((i) =>
      source.slice(i.moduleRequest.start, i.moduleRequest.end).replace(/^['"]|['"]$/g, ''),
    ),
    ...importTypeSpecifiers(program),
  ];
  return specifiers.filter((s) => s.startsWith('.')).map((s) => resolveSpecifier(file, s));
}

/** The re-exports of a file (`export ... from`), as "file: specifier". */
function reExportsOf(file: string, source: string): string[] {
  const { module } = parseSync(file, source, { lang: file.endsWith('x') ? 'tsx' : 'ts' });
  return module.staticExports.flatMap((e) =>
    e.entries.flatMap((x) => (x.moduleRequest ? [`${relative(root, file)}: ${x.moduleRequest.value}`] : [])),
  );
}

/** file → the files it imports, for every source file of the four folders. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const folder of FOLDERS)
    for (const file of sourceFiles(join(root, folder)))
      graph.set(relative(root, file), importsOf(file, readFileSync(file, 'utf8')));
  return graph;
}

/** The graph's loops: its strongly connected components of more than one file (Tarjan), or a file importing itself. */
function importLoops(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) loops.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return loops;
}

const folderOf = (path: string) => path.split('/')[0] as Folder;

/** Every import that crosses from one folder to another, as "from -> to". */
function crossings(graph: Map<string, string[]>, from: Folder, to: Folder): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph)
    if (folderOf(file) === from)
      for (const target of targets) if (folderOf(target) === to) found.push(`${file} -> ${target}`);
  return found;
}

/** The eight arrows that must never exist. */
const NEVER: [Folder, Folder][] = [
  ['src-shared', 'src-worker'],
  ['src-shared', 'src-ui'],
  ['src-shared', 'src-server'],
  ['src-worker', 'src-ui'],
  ['src-worker', 'src-server'],
  ['src-ui', 'src-server'],
  ['src-server', 'src-ui'],
  ['src-server', 'src-worker'],
];

describe('the import graph', () => {
  const graph = importGraph();

  it('reads every kind of import: static, type-only, re-exports and dynamic', () => {
    const scanned = importsOf(
      join(root, 'src-ui/x.ts'),
      [
        "import { a } from './a.ts';",
        "import type { B } from '../src-shared/b.ts';",
        "export { c } from './c.ts';",
        "const d = await import('./d.ts');",
        "import x from 'react';",
      ].join('\n'),
    );
    expect(scanned).toEqual(['src-ui/a.ts', 'src-shared/b.ts', 'src-ui/c.ts', 'src-ui/d.ts']);
    expect(graph.size).toBeGreaterThan(300);
  });

  it('sees a loop written with a `.js` specifier (TypeScript’s name for the .ts file) in a broken copy of the graph', () => {
    const [from, targets] = [...graph].find(([, t]) => t.some((to) => graph.has(to) && to !== 'src-shared/index.ts'))!;
    const to = targets.find((t) => graph.has(t))!;
    const back = relative(dirname(join(root, to)), join(root, from)).replace(/\.tsx?$/, '.js');
    const specifier = back.startsWith('.') ? back : `./${back}`;
    const broken = new Map(graph).set(to, [...graph.get(to)!, ...importsOf(join(root, to), `import '${specifier}';`)]);
    expect(importLoops(broken).some((loop) => loop.includes(from) && loop.includes(to))).toBe(true);
    expect(importLoops(graph)).toEqual([]);
  });

  it('sees a type written as import(…) from the worker into the UI in a broken copy of the graph', () => {
    const file = 'src-worker/base/timers.ts';
    const typeImport = "export type Paths = typeof import('../../src-ui/app/paths.js');";
    expect(importsOf(join(root, file), typeImport)).toEqual(['src-ui/app/paths.ts']);
    const broken = new Map(graph).set(file, importsOf(join(root, file), typeImport));
    expect(crossings(broken, 'src-worker', 'src-ui')).toEqual(['src-worker/base/timers.ts -> src-ui/app/paths.ts']);
    // A comment that shows an import is not one.
    expect(importsOf(join(root, file), "// lazy(() => import('../../src-ui/app/paths.ts'))")).toEqual([]);
  });

  it('has no import loops, type-only imports included', () => {
    expect(importLoops(graph)).toEqual([]);
  });

  it('the loop check finds a loop, through any number of files', () => {
    const looped = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(importLoops(looped)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(
      importLoops(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  for (const [from, to] of NEVER)
    it(`${from} never imports ${to}`, () => {
      expect(crossings(graph, from, to)).toEqual([]);
    });

  it('no module re-exports another’s: an import names the module that defines it', () => {
    // Three kinds of module exist to re-export: src-shared/protocol/ names the request types of schemas/ in the
    // contract (the worker and the UI may import types only), the server's *-schemas.ts give the schemas the names
    // its routes use, and src-ui/components/index.ts is the design system's one entry.
    const facade =
      /^src-shared\/protocol\/[^/]+\.ts: \.\.\/schemas\/|^src-server\/http\/\w+-schemas\.ts: |^src-ui\/components\/index\.ts: /;
    const found: string[] = [];
    for (const folder of FOLDERS)
      for (const file of sourceFiles(join(root, folder))) found.push(...reExportsOf(file, readFileSync(file, 'utf8')));
    expect([...new Set(found)].filter((line) => !facade.test(line))).toEqual([]);
    expect(facade.test('src-shared/protocol/http.ts: ../schemas/driver.ts')).toBe(true);
    expect(facade.test('src-worker/outbox/outbox.ts: ./send-policy.ts')).toBe(false);
    expect(reExportsOf(join(root, 'src-worker/x.ts'), "export { a } from './a.ts';\nexport const b = 1;")).toEqual([
      'src-worker/x.ts: ./a.ts',
    ]);
  });

  it('the worker’s low layer (src-worker/base: the store, timers, locks, tracing) imports nothing of the worker above it', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph)
      if (file.startsWith('src-worker/base/'))
        for (const target of targets)
          if (target.startsWith('src-worker/') && !target.startsWith('src-worker/base/'))
            upward.push(`${file} -> ${target}`);
    expect(upward).toEqual([]);
    expect([...graph.keys()].filter((f) => f.startsWith('src-worker/base/')).length).toBeGreaterThanOrEqual(4);
  });

  it('the UI reaches the worker only through its inline mode, from the bridge', () => {
    expect(crossings(graph, 'src-ui', 'src-worker')).toEqual(['src-ui/bridge/connect.ts -> src-worker/inline.ts']);
  });
});
