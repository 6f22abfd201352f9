/**
 * The core's services tell one another what happened only through the event seam (src-worker/base/events.ts): each
 * event is declared once in a union keyed on `type`, emitted by a service, and heard where the root wires it. This
 * keeps that seam honest: no event declared and never emitted or never heard (a reaction lost in a refactor), none
 * heard or emitted that no union declares, and every union part of CoreEvent.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): { file: string; code: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    if (!/\.ts$/.test(name) || /\.test\.ts$/.test(name)) return [];
    // Comments out: a type named in a doc comment is neither emitted nor heard.
    const code = readFileSync(path, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    return [{ file: relative(root, path), code }];
  });
}

const EVENT_TYPE = /type: '([a-zA-Z]+\/[a-zA-Z]+)'/g;
const MEDIA_TYPE = /^(image|text|application|audio|video)\//;
/** `export type SomethingEvent = ...;` declarations: the unions of the seam. */
const UNION = /export type (\w+Event) =([\s\S]*?);\n/g;

function seamOf(files: { file: string; code: string }[]) {
  const declared = new Map<string, string>();
  const unions: string[] = [];
  const emitted = new Set<string>();
  const heard = new Set<string>();
  for (const { file, code } of files) {
    let rest = code;
    for (const [whole, name, body] of code.matchAll(UNION)) {
      const types = [...body!.matchAll(EVENT_TYPE)].map((m) => m[1]!);
      if (types.length === 0) continue;
      unions.push(name!);
      for (const type of types) declared.set(type, `${file} ${name}`);
      rest = rest.replace(whole, '');
    }
    // A media type ('image/jpeg') has the same shape, and is no event.
    for (const [, type] of rest.matchAll(EVENT_TYPE)) if (!MEDIA_TYPE.test(type!)) emitted.add(type!);
    for (const [, type] of rest.matchAll(/\.on\('([a-zA-Z]+\/[a-zA-Z]+)'/g)) heard.add(type!);
  }
  return { declared, unions, emitted, heard };
}

describe('the core’s event seam', () => {
  const { declared, unions, emitted, heard } = seamOf(sources(join(root, 'src-worker')));

  it('finds the unions and their events (so the checks below check something)', () => {
    expect(unions).toEqual(expect.arrayContaining(['SessionEvent', 'OutboxEvent', 'RouteEvent']));
    expect(declared.size).toBeGreaterThanOrEqual(12);
  });

  it('every declared event is emitted by some service and heard somewhere', () => {
    expect([...declared.keys()].filter((type) => !emitted.has(type))).toEqual([]);
    expect([...declared.keys()].filter((type) => !heard.has(type))).toEqual([]);
  });

  it('nothing is emitted or heard that no union declares', () => {
    expect([...emitted].filter((type) => !declared.has(type))).toEqual([]);
    expect([...heard].filter((type) => !declared.has(type))).toEqual([]);
  });

  it('every union is part of CoreEvent, the seam’s one type', () => {
    const coreEvents = readFileSync(join(root, 'src-worker/core-events.ts'), 'utf8');
    const union = /export type CoreEvent =([^;]*);/.exec(coreEvents)?.[1] ?? '';
    expect(unions.filter((name) => !new RegExp(`\\b${name}\\b`).test(union))).toEqual([]);
  });

  it("docs/app-core.md's event table names every declared event and every union, and no other", () => {
    const doc = readFileSync(join(root, 'docs/app-core.md'), 'utf8');
    const table = doc.split('\n').filter((line) => /^\| `\w+Event`/.test(line));
    const named = new Set(table.flatMap((line) => [...line.matchAll(/`([a-zA-Z]+\/[a-zA-Z]+)`/g)].map((m) => m[1]!)));
    expect([...declared.keys()].filter((type) => !named.has(type))).toEqual([]);
    expect([...named].filter((type) => !declared.has(type))).toEqual([]);
    expect(unions.filter((name) => !table.some((line) => line.startsWith(`| \`${name}\``)))).toEqual([]);
  });

  it('the checks catch an event nobody hears, and one heard that nobody declares', () => {
    const seam = seamOf([
      { file: 'a.ts', code: "export type AEvent =\n  | { type: 'a/one' }\n  | { type: 'a/two' };\n" },
      {
        file: 'b.ts',
        code: "emit({ type: 'a/one' }); emit({ type: 'a/two' }); events.on('a/one', f); events.on('a/three', g);",
      },
    ]);
    expect([...seam.declared.keys()].filter((type) => !seam.heard.has(type))).toEqual(['a/two']);
    expect([...seam.heard].filter((type) => !seam.declared.has(type))).toEqual(['a/three']);
  });
});
