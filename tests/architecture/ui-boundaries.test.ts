/**
 * The design's boundaries, checked on the source: the UI never reaches the network or storage itself (that is
 * the core's job) and hears the browser's online/offline in its platform layer only, only the worker's entry files touch the global scope, the server reads no day or time of day
 * in its own process's time zone, and src-shared stays platform-free.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ''));

/** Lines of code (comments stripped) that match, as "file:line: text". */
function offenders(dir: string, pattern: RegExp, allow: (file: string) => boolean = () => false): string[] {
  const hits: string[] = [];
  for (const file of sourceFiles(join(root, dir))) {
    const rel = relative(root, file);
    if (allow(rel)) continue;
    const code = withoutComments(readFileSync(file, 'utf8'));
    code.split('\n').forEach((line, i) => {
      const stripped = line.replace(/\/\/.*$/, '');
      if (pattern.test(stripped)) hits.push(`${rel}:${i + 1}: ${line.trim()}`);
    });
  }
  return hits;
}

/** `import`/`export ... from` statements (and dynamic imports) that bring values, not only types. */
const VALUE_IMPORT =
  /\b(?:import|export)\s+(?!type\b)[^;'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]/g;

/** Statements under `dir` that import values from a module matching `module`, as "file: statement". */
function valueImports(dir: string, module: RegExp, allow: (file: string) => boolean = () => false): string[] {
  const hits: string[] = [];
  for (const file of sourceFiles(join(root, dir))) {
    const rel = relative(root, file);
    if (allow(rel)) continue;
    const code = withoutComments(readFileSync(file, 'utf8')).replace(/\/\/.*$/gm, '');
    for (const m of code.matchAll(VALUE_IMPORT))
      if (module.test(m[1] ?? m[2] ?? '')) hits.push(`${rel}: ${m[0].replace(/\s+/g, ' ')}`);
  }
  return hits;
}

const NETWORK_OR_STORAGE =
  /\bfetch\s*\(|\bnew\s+WebSocket\b|\bindexedDB\b|\bopenDB\b|from\s+['"]idb['"]|\bXMLHttpRequest\b|\bsendBeacon\b|\bEventSource\b|\blocalStorage\b/;

describe('architecture', () => {
  it('the UI never calls fetch, WebSocket, IndexedDB or localStorage', () => {
    expect(offenders('src-ui', NETWORK_OR_STORAGE)).toEqual([]);
  });

  it('the check itself catches a UI that does', () => {
    expect(NETWORK_OR_STORAGE.test("const r = await fetch('/v1/projects/routes')")).toBe(true);
    expect(NETWORK_OR_STORAGE.test('const ws = new WebSocket(url)')).toBe(true);
    expect(NETWORK_OR_STORAGE.test("import { openDB } from 'idb'")).toBe(true);
    expect(NETWORK_OR_STORAGE.test('window.indexedDB.open("x")')).toBe(true);
    expect(NETWORK_OR_STORAGE.test('api.refetch(routeId)')).toBe(false);
  });

  it('only the UI platform layer hears the browser’s online and offline; the rest reads the core’s connectivity', () => {
    // Issue 46: a second listener elsewhere (CodeBoundary had one) would disagree with the core's own word
    // (a request with no answer means offline), and tests could not drive it the one way the app does.
    const connectivityApi =
      /\b(?:add|remove)EventListener\(\s*['"](?:online|offline)['"]|\bon(?:online|offline)\b|\bnavigator\.onLine\b/;
    expect(offenders('src-ui', connectivityApi, (f) => f.startsWith('src-ui/platform/'))).toEqual([]);
    expect(connectivityApi.test("    window.addEventListener('online', onRetry);")).toBe(true);
    expect(connectivityApi.test('removeEventListener("offline", offline)')).toBe(true);
    expect(connectivityApi.test('window.ononline = retry;')).toBe(true);
    expect(connectivityApi.test('online: navigator.onLine,')).toBe(true);
    expect(connectivityApi.test("if (result.error === 'offline') return;")).toBe(false);
    expect(connectivityApi.test('const online = state.connectivity.value.online;')).toBe(false);
  });

  it('only the worker entry files touch the global scope', () => {
    const entries = new Set(['src-worker/index.ts', 'src-worker/inline.ts']);
    expect(offenders('src-worker', /\bself\b|\bglobalThis\b|\bwindow\b|\bdocument\b/, (f) => entries.has(f))).toEqual(
      [],
    );
  });

  it('the server never reads days or times of day in its own process’s time zone', () => {
    // Servers run on UTC while organisations do not: src-shared/domain/time-zone.ts reads them in the organisation's.
    const processZone =
      /\b(localDate|secondsSinceMidnight)\b|\.get(FullYear|Month|Date|Day|Hours|Minutes|Seconds|TimezoneOffset)\(|\.set(FullYear|Month|Date|Hours|Minutes|Seconds)\(|\.toLocale(Date|Time)?String\(/;
    expect(offenders('src-server', processZone)).toEqual([]);
    expect(processZone.test('finish_time: secondsSinceMidnight(now),')).toBe(true);
    expect(processZone.test('const d = today.getDate() + offset;')).toBe(true);
    expect(processZone.test('date.getUTCFullYear() === y')).toBe(false);
  });

  it('src-shared uses no browser or Node API', () => {
    expect(
      offenders('src-shared', /\b(window|document|self|navigator|localStorage|process|require)\b[.(]|from\s+['"]node:/),
    ).toEqual([]);
  });

  it('the server’s layers go one way: nothing below http/ imports from it (errors live in domain/errors.ts)', () => {
    const fromHttp = /from\s+['"]\.\.\/http\//;
    for (const layer of ['src-server/domain', 'src-server/repo', 'src-server/auth', 'src-server/db']) {
      expect(offenders(layer, fromHttp), layer).toEqual([]);
    }
    expect(fromHttp.test("import { notFound } from '../http/errors.ts';")).toBe(true);
  });

  it('http/ never touches the database: its routes call repo/, which alone builds queries and transactions', () => {
    const database =
      /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|transaction)\(|\bsql\s*`|from\s+['"]kysely['"]/;
    expect(offenders('src-server/http', database)).toEqual([]);
    expect(database.test("  const org = await ctx.db.selectFrom('organisations')")).toBe(true);
    expect(database.test("        .insertInto('password_resets')")).toBe(true);
    expect(database.test('  return ctx.db.transaction().execute(work);')).toBe(true);
    expect(database.test("import type { Transaction } from 'kysely';")).toBe(true);
    expect(database.test('await sql`select 1`.execute(db)')).toBe(true);
    expect(database.test('  const route = await loadRoute(ctx.db, routeId, now);')).toBe(false);
  });

  it('domain/ holds pure rules: it reads no database and imports no layer above or below it', () => {
    const outward = /from\s+['"](\.\.\/(repo|db|http|socket|auth)\/|kysely['"])/;
    expect(offenders('src-server/domain', outward)).toEqual([]);
    expect(outward.test("import { parseCoordinate } from '../repo/tracking.ts';")).toBe(true);
    expect(outward.test("import { badRequest } from './errors.ts';")).toBe(false);
  });

  it('the request schemas (TypeBox) reach the server alone: the worker, the UI and src-shared import their types only', () => {
    const schemaCode = /^@sinclair\/typebox|\/schemas\//;
    expect(valueImports('src-ui', schemaCode)).toEqual([]);
    expect(valueImports('src-worker', schemaCode)).toEqual([]);
    expect(valueImports('src-shared', schemaCode, (f) => f.startsWith('src-shared/schemas/'))).toEqual([]);
    const caught = (code: string) => [...code.matchAll(VALUE_IMPORT)].some((m) => schemaCode.test(m[1] ?? m[2] ?? ''));
    expect(caught("import { StopUpdateBody } from '../schemas/driver.ts';")).toBe(true);
    expect(caught("import {\n  type A,\n  B,\n} from '../../src-shared/schemas/dispatch.ts';")).toBe(true);
    expect(caught("export { Type } from '@sinclair/typebox';")).toBe(true);
    expect(caught("const m = await import('../schemas/socket.ts');")).toBe(true);
    expect(caught("import type { StopUpdateRequest } from '../schemas/driver.ts';")).toBe(false);
    expect(caught("export type { LocationData } from '../schemas/socket.ts';")).toBe(false);
  });
});
