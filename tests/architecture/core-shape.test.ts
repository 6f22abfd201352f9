/**
 * The worker core's shape (issue 46, docs/app-core.md "The shape of the core"): every service is made with one
 * CoreContext and declares a Deps type only for what is its own; no `() => ApiClient` getter; every factory declares
 * the interface it answers, a doc line per member, so go-to-definition lands on prose; composition files answer their
 * services by name and forward none of their members; the route features' loader only loads; an intent reaches its
 * code in two hops. Each rule is a function over the sources, shown failing on a broken copy.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

type Sources = Map<string, string>;

/** src-worker's sources, tests left out. */
function workerSources(): Sources {
  const files = execSync("git ls-files 'src-worker/*.ts'", { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !file.includes('.test.'));
  return new Map(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]));
}

/** The Deps types the core keeps, each for what is only its own (docs/app-core.md's table). */
const DEPS_TYPES = [
  'LiveConnectionDeps',
  'LiveDeps',
  'LocationTrackerDeps',
  'OpenRouteDeps',
  'OutboxDeps',
  'QueuePassDeps',
  'ReconnectPolicyDeps',
  'RouteCoordinationDeps',
  'RouteFeatureDeps',
  'DecoderDeps',
  'WorkerDeps',
].sort();

const DEPS_DECLARATION = /^(?:export )?(?:interface|type) ([A-Za-z]*Deps)\b/gm;

const depsTypes = (sources: Sources) =>
  [...sources.values()].flatMap((text) => [...text.matchAll(DEPS_DECLARATION)].map((m) => m[1]!)).sort();

/** Lines that hand a service the API client through a getter, or type a service as a factory's ReturnType. */
function plumbing(sources: Sources): string[] {
  const found: string[] = [];
  for (const [file, text] of sources)
    text.split('\n').forEach((line, i) => {
      if (/\(\) => ApiClient\b|ReturnType<typeof (create|import)/.test(line)) found.push(`${file}:${i + 1}`);
    });
  return found;
}

/** Pick/Omit of a Deps type: allowed of WorkerDeps only (the platform's parts a service uses). */
function depsNarrowings(sources: Sources): string[] {
  const found: string[] = [];
  for (const [file, text] of sources)
    for (const m of text.matchAll(/\b(?:Pick|Omit)<(\w*Deps)\b/g))
      if (m[1] !== 'WorkerDeps') found.push(`${file}: ${m[0]}`);
  return found;
}

interface Member {
  key?: { name?: string };
  start: number;
}
interface Declaration {
  type: string;
  id?: { name: string };
  returnType?: { typeAnnotation: { type: string; typeName?: { name?: string } } };
  body?: { body: Member[] };
  start: number;
}

/** The exported factories (`create*`) with no declared return type, and interface members with no doc line. */
function undeclared(sources: Sources): string[] {
  const found: string[] = [];
  for (const [file, text] of sources) {
    const body = parseSync(file, text).program.body as { declaration?: Declaration; type: string }[];
    const declarations = body.map((s) => (s.type.startsWith('Export') ? s.declaration : (s as Declaration)));
    const interfaces = new Map(
      declarations.filter((d) => d?.type === 'TSInterfaceDeclaration').map((d) => [d!.id!.name, d!]),
    );
    const exported = body.filter((s) => s.type === 'ExportNamedDeclaration').map((s) => s.declaration);
    for (const d of exported) {
      if (d?.type !== 'FunctionDeclaration' || !/^create[A-Z]/.test(d.id!.name)) continue;
      if (!d.returnType) {
        found.push(`${file}: ${d.id!.name} declares no return type`);
        continue;
      }
      const answered = interfaces.get(d.returnType.typeAnnotation.typeName?.name ?? '');
      let previousEnd = answered?.body ? text.indexOf('{', answered.start) : 0;
      for (const member of answered?.body?.body ?? []) {
        if (!text.slice(previousEnd, member.start).includes('/**'))
          found.push(`${file}: ${answered!.id!.name}.${member.key?.name} has no doc line`);
        previousEnd = (member as Member & { end: number }).end;
      }
    }
  }
  return found;
}

/** Composition files: what they answer is their services by name, never another service's member. */
const COMPOSITIONS = ['src-worker/routes/route-features.ts', 'src-worker/outbox/outbox.ts', 'src-worker/live/live.ts'];

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Every node under `node` (itself included) for which `pick` holds. */
function nodesOf(node: unknown, pick: (n: Node) => boolean, found: Node[] = []): Node[] {
  if (!node || typeof node !== 'object') return found;
  if (Array.isArray(node)) {
    for (const child of node) nodesOf(child, pick, found);
    return found;
  }
  if (typeof (node as Node).type === 'string' && pick(node as Node)) found.push(node as Node);
  for (const value of Object.values(node)) if (value && typeof value === 'object') nodesOf(value, pick, found);
  return found;
}

/**
 * The members a composition's factory answers with another service's member (`complete: completion.complete`):
 * properties of the object it returns, or of an object it declares as its answer's type, whose value is a member.
 */
function forwards(sources: Sources): string[] {
  return COMPOSITIONS.flatMap((file) => {
    const text = sources.get(file) ?? '';
    const factories = nodesOf(
      parseSync(file, text).program,
      (n) => n.type === 'ExportNamedDeclaration' && /^export function create/.test(text.slice(n.start, n.end)),
    );
    const answers = factories.flatMap((factory) => {
      const answerType = /\): (\w+) \{/.exec(text.slice(factory.start, factory.end))?.[1];
      return nodesOf(
        factory,
        (n) =>
          (n.type === 'ReturnStatement' && (n.argument as Node | null)?.type === 'ObjectExpression') ||
          (n.type === 'VariableDeclarator' &&
            (n.init as Node | null)?.type === 'ObjectExpression' &&
            text.slice(n.start, (n.init as Node).start).includes(`: ${answerType}`)),
      ).map((n) => (n.argument ?? n.init) as Node);
    });
    return answers.flatMap((object) =>
      (object.properties as Node[])
        .filter((p) => p.type === 'Property' && (p.value as Node).type === 'MemberExpression')
        .map((p) => `${file}: ${text.slice(p.start, p.end)}`),
    );
  });
}

/** The loader's members: it loads, nothing else. */
function loaderMembers(sources: Sources): string[] {
  const text = sources.get('src-worker/core/lazy-route-features.ts') ?? '';
  const body = /export interface LazyRouteFeatures \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? '';
  return [...body.matchAll(/^ {2}(\w+)\(/gm)].map((m) => m[1]!).sort();
}

/** The intents and the code each reaches from core/route-intents.ts: the loader, then one service's method. */
const TWO_HOPS: Record<string, RegExp> = {
  completeStop: /completeStop: async \([^)]*\) => \(await routes\.get\(\)\)\.completion\.complete\(/,
  selectStop: /selectStop: async \([^)]*\) => \(await routes\.get\(\)\)\.coordination\.select\(/,
  retryCompletion: /\(await \(await routes\.get\(\)\)\.outbox\.parked\.retry\(id\)\)/,
};

function longerPaths(sources: Sources): string[] {
  const text = sources.get('src-worker/core/route-intents.ts') ?? '';
  return Object.entries(TWO_HOPS)
    .filter(([, pattern]) => !pattern.test(text))
    .map(([intent]) => intent);
}

describe('the worker core’s shape (issue 46)', () => {
  const sources = workerSources();
  const broken = (file: string, edit: (text: string) => string): Sources =>
    new Map([...sources].map(([path, text]) => [path, path === file ? edit(text) : text]));

  it('keeps exactly the Deps types of docs/app-core.md’s table', () => {
    expect(depsTypes(sources)).toEqual(DEPS_TYPES);
    const extra = broken('src-worker/routes/route-line.ts', (t) => `${t}\nexport interface RouteLineDeps { a: 1 }\n`);
    expect(depsTypes(extra)).toContain('RouteLineDeps');
  });

  it('hands no service the API client through a getter, and types none as a ReturnType', () => {
    expect(plumbing(sources)).toEqual([]);
    const getter = broken('src-worker/routes/route-line.ts', (t) => `${t}\nconst api: () => ApiClient = null!;\n`);
    expect(plumbing(getter)).toHaveLength(1);
  });

  it('narrows no Deps type but the platform’s', () => {
    expect(depsNarrowings(sources)).toEqual([]);
    const narrowed = broken('src-worker/routes/route-line.ts', (t) => `${t}\ntype X = Pick<OutboxDeps, 'items'>;\n`);
    expect(depsNarrowings(narrowed)).toEqual(['src-worker/routes/route-line.ts: Pick<OutboxDeps']);
  });

  it('has every factory declare the interface it answers, with a doc line per member', () => {
    expect(undeclared(sources)).toEqual([]);
    const inferred = broken('src-worker/routes/route-line.ts', (t) => t.replace('): RouteLine {', ') {'));
    expect(undeclared(inferred)).toEqual(['src-worker/routes/route-line.ts: createRouteLine declares no return type']);
    const bare = broken('src-worker/routes/route-line.ts', (t) =>
      t.replace(/ {2}\/\*\* A route opens: whatever line[^\n]*\n/, ''),
    );
    expect(undeclared(bare)).toEqual(['src-worker/routes/route-line.ts: RouteLine.forget has no doc line']);
  });

  it('composes services by name and forwards none of their members', () => {
    expect(forwards(sources)).toEqual([]);
    const forwarding = broken('src-worker/routes/route-features.ts', (t) =>
      t.replace('    ...services,\n', '    ...services,\n    complete: completion.complete,\n'),
    );
    expect(forwards(forwarding)).toEqual(['src-worker/routes/route-features.ts: complete: completion.complete']);
  });

  it('has the route features’ loader only load', () => {
    expect(loaderMembers(sources)).toEqual(['code', 'get', 'ifLoaded', 'whenLoaded']);
  });

  it('reaches an intent’s code in two hops: the loader, then the service’s method', () => {
    expect(longerPaths(sources)).toEqual([]);
    const hop = broken('src-worker/core/route-intents.ts', (t) =>
      t.replace('.completion.complete(', '.coordination.complete('),
    );
    expect(longerPaths(hop)).toEqual(['completeStop']);
  });
});
