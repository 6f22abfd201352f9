/**
 * One place for each outcome rule (issue 44): the rules, the facts they judge, the screen's marks and the place
 * record live in src-shared/domain/outcomes/, and "filled" in src-shared/domain/text.ts. The complete screen, the core
 * and the server import them from there, and none of src-ui, src-worker or src-server defines its own copy: no
 * function or constant named like one the shared modules export (or like the copies issue 44 removed), no own
 * `filled`, and no OutcomeFacts built by hand. Read from the source, comments left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const SHARED = 'src-shared/domain/outcomes';

/** The code without its comments (they name the rules too). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
const read = (file: string) => code(readFileSync(join(root, file), 'utf8'));

/** A folder's source files (recursively, tests left out), from the root. */
const sources = (folder: string): string[] =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => `${folder}/${name}`);

/** The files a source file imports, from the root (relative imports only). */
const importsOf = (file: string, text = read(file)) =>
  [...text.matchAll(/\bfrom\s+'(\.[^']+)'/g)].map((m) => relative(root, resolve(dirname(join(root, file)), m[1]!)));

/** The import statements of a source (what they name is the shared module's, not a definition). */
const IMPORTS = /\bimport\s[^;]*?\bfrom\s+'[^']+';?/g;

/** The names a source defines at its top level or inside: functions, constants, and the types it declares. */
const definedNames = (text: string) =>
  [
    ...text
      .replace(IMPORTS, '')
      .matchAll(/\b(?:function\s*\*?|const|let|var|interface|type|class)\s+([A-Za-z_$][\w$]*)/g),
  ].map((m) => m[1]!);

/** What the shared outcome modules (and text.ts's isFilled) export. */
const sharedNames = (): string[] => [
  ...sources(SHARED).flatMap((file) =>
    [...read(file).matchAll(/\bexport\s+(?:function|const|interface|type)\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!),
  ),
  'isFilled',
];

/** The copies issue 44 found and removed: the server's, the core's and the screen's own place builders, and filled. */
const FORMER_COPIES = ['deliveryPlace', 'placeOf', 'deliveryPlaceOf'];

/** Definitions in `text` named like a shared rule, or the hand-built facts the shared outcomeFacts replaces. */
function ownCopies(text: string, names: ReadonlySet<string>): string[] {
  const found = definedNames(text).filter((name) => names.has(name));
  // A function deciding whether text is filled (a boolean of that name, such as a gallery's mode, is no rule).
  const ownFilled = /\b(?:function\s+((?:is)?filled)\b|const\s+((?:is)?filled)\s*=\s*(?:\(|\w+\s*=>|function\b))/i.exec(
    text,
  );
  const filledName = ownFilled?.[1] ?? ownFilled?.[2];
  if (filledName && !found.includes(filledName)) found.push(filledName);
  if (/:\s*OutcomeFacts\b|\bas\s+OutcomeFacts\b|\boutcomeProblems\(\s*\{/.test(text)) found.push('OutcomeFacts');
  return found;
}

describe('the outcome rules live in src-shared', () => {
  const names = new Set([...sharedNames(), ...FORMER_COPIES]);

  it('the shared modules export the rules, the facts, the marks and the record', () => {
    for (const name of ['outcomeProblems', 'outcomeFacts', 'reasonCheck', 'placeCheck', 'codeCheck'])
      expect(names).toContain(name);
    expect(names).toContain('deliveryPlaceRecord');
    expect(names).toContain('isDeliveryCodeShape');
  });

  it.each([
    // The screen: its marks and the record it sends.
    ['src-ui/screens/stop/use-outcome-draft.ts', ['marks.ts', 'record.ts', 'rules.ts']],
    ['src-ui/screens/stop/use-stop.ts', ['facts.ts']],
    // The core: the check before queueing, and the update it sends.
    ['src-worker/routes/completion-check.ts', ['facts.ts', 'record.ts', 'rules.ts', 'code.ts']],
    ['src-worker/routes/stop-update-body.ts', ['record.ts']],
    // The server: the check before storing, and the record it stores.
    ['src-server/repo/outcome-policy.ts', ['facts.ts', 'rules.ts']],
    ['src-server/domain/stop-update.ts', ['record.ts']],
    ['src-server/domain/delivery-code.ts', ['code.ts']],
  ])('%s imports them from src-shared/domain/outcomes/', (file, modules) => {
    const imported = importsOf(file);
    for (const module of modules) expect(imported).toContain(`${SHARED}/${module}`);
  });

  it('no file of src-ui, src-worker or src-server defines its own copy', () => {
    const copies = ['src-ui', 'src-worker', 'src-server'].flatMap((folder) =>
      sources(folder).flatMap((file) => ownCopies(read(file), names).map((name) => `${file}: ${name}`)),
    );
    expect(copies).toEqual([]);
  });

  it('the check finds a copy: a shared name, an own filled, hand-built facts', () => {
    expect(ownCopies('function placeCheck(draft) {}', names)).toEqual(['placeCheck']);
    expect(ownCopies('const filled = (t) => Boolean(t?.trim());', names)).toEqual(['filled']);
    expect(ownCopies('const isFilled = (t) => t;', names)).toEqual(['isFilled']);
    expect(ownCopies('function filled(t) { return !!t; }', names)).toEqual(['filled']);
    expect(ownCopies('const filled = t => !!t;', names)).toEqual(['filled']);
    expect(ownCopies("const filled = mode === 'collected';", names)).toEqual([]);
    expect(ownCopies("import { type PlaceDraft, placeCheck } from './x.ts';", names)).toEqual([]);
    expect(ownCopies('function placeOf(p) { return p; }', names)).toEqual(['placeOf']);
    expect(ownCopies('const facts: OutcomeFacts = { status };', names)).toEqual(['OutcomeFacts']);
    expect(ownCopies('outcomeProblems({ status: "finished" }, ctx)', names)).toEqual(['OutcomeFacts']);
    expect(ownCopies('const held = { ...update }; outcomeProblems(outcomeFacts(held, type), ctx);', names)).toEqual([]);
    expect(importsOf('src-ui/x.ts', "import { a } from '../src-shared/domain/outcomes/marks.ts';")).toEqual([
      `${SHARED}/marks.ts`,
    ]);
  });
});
