/**
 * Tests shaped like the services (issue 46): a newcomer editing src-worker/routes/stop-completion.ts finds its tests in
 * tests/core/stop-completion.test.ts. So a core test is named after the service file whose code it checks, or it
 * tests a flow across services and is listed below with why; a unit test beside a source is named after a file
 * beside it; and a core test starts cores and servers only through tests/helpers (coreSuite, startCore), never its
 * own way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** tests/core files named after a flow rather than one service: the services they cross. */
const FLOW_TESTS: Record<string, string> = {
  'completion-inputs': 'what a driver enters reaching the server whatever it holds: check, outbox, queue pass',
  'delivery-codes': 'a typed code from the door to the server: tried online, queued, checked on sending',
  'delivery-outcomes': 'skip reasons and delivery places from the check through the outbox to the server',
  'link-refused': 'a refused shared link with a completion waiting: session, outbox and route view',
  'native-session': "a native wrapper's tokens: handover, session, revocations",
  'removed-stop': 'a completion for a removed stop: queue pass, the route and the driver’s notice',
  'route-patches': 'what every route intent costs on the wire, as patches',
  'session-end': 'sessions ending: the live channel, sign-out, revocations',
  'store-paths': 'the state store’s typed writes, held by the type checker',
  timeouts: 'every intent that goes to the network, against a server that answers nothing',
  'worked-example': 'docs/testing.md’s worked example of a new intent',
};

/** Every file under `dir`, as paths from the repository's root. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
}

/** The service a test file names: `queue-pass.test.ts` and `outbox.model.test.ts` name queue-pass and outbox. */
const servicePart = (testFile: string) =>
  basename(testFile)
    .replace(/\.test\.tsx?$/, '')
    .split('.')[0]!;

/** The tests/core files named neither after a source file in `sources` nor in `flows`. */
function misnamed(testFiles: string[], sources: string[], flows: Record<string, string>): string[] {
  const services = new Set(sources.map((path) => basename(path, '.ts')));
  return testFiles.filter((file) => !services.has(servicePart(file)) && !(servicePart(file) in flows));
}

/** Test files beside a source with no source file of their name beside them. */
function besideNothing(testFiles: string[], sources: string[]): string[] {
  const present = new Set(sources);
  return testFiles.filter((file) => !present.has(file.replace(/\.test\.(tsx?)$/, '.$1')));
}

/** A value import (not `import type`) of what starts a core or a server by itself. */
const OWN_START =
  /^import\s+(?!type\s)([^;]*?)from\s+'[./]*(src-server\/|src-worker\/core\/create-worker-api|helpers\/server\.ts)/gm;

/** The files of `files` that start a core or a server their own way. */
function ownStarts(files: { path: string; text: string }[]): string[] {
  const valueImport = (specifiers: string) =>
    !/^\{[^}]*\}\s*$/.test(specifiers.trim()) ||
    specifiers
      .replace(/[{}]/g, '')
      .split(',')
      .some((s) => s.trim() !== '' && !s.trim().startsWith('type '));
  return files
    .filter(({ text }) => [...text.matchAll(OWN_START)].some((match) => valueImport(match[1]!)))
    .map(({ path }) => path);
}

const workerSources = () => filesUnder('src-worker').filter((f) => /\.tsx?$/.test(f) && !/\.(test|d)\.tsx?$/.test(f));
const coreTests = () => filesUnder('tests/core').filter((f) => f.endsWith('.test.ts'));

describe('tests shaped like the services', () => {
  it('names each tests/core file after a src-worker service, or lists it as a flow', () => {
    expect(coreTests().length).toBeGreaterThan(30);
    expect(misnamed(coreTests(), workerSources(), FLOW_TESTS)).toEqual([]);
  });

  it('lists only flows that exist and are named after no service', () => {
    const names = new Set(coreTests().map(servicePart));
    const services = new Set(workerSources().map((path) => basename(path, '.ts')));
    const stale = Object.keys(FLOW_TESTS).filter((flow) => !names.has(flow) || services.has(flow));
    expect(stale).toEqual([]);
  });

  it('names a unit test in src-worker after the file beside it', () => {
    const beside = filesUnder('src-worker').filter((f) => /\.test\.tsx?$/.test(f));
    expect(besideNothing(beside, workerSources())).toEqual([]);
  });

  it('starts cores and servers only through tests/helpers', () => {
    const files = coreTests().map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
    expect(ownStarts(files)).toEqual([]);
  });

  it('finds a misnamed test, a stray unit test and a setup of its own (the checks can fail)', () => {
    const sources = ['src-worker/routes/route-opening.ts', 'src-worker/outbox/outbox.ts'];
    const tests = ['tests/core/route-opening.test.ts', 'tests/core/outbox.model.test.ts', 'tests/core/opening.test.ts'];
    expect(misnamed(tests, sources, {})).toEqual(['tests/core/opening.test.ts']);
    expect(besideNothing(['src-worker/routes/route-open.test.ts'], sources)).toEqual([
      'src-worker/routes/route-open.test.ts',
    ]);
    const own = "import { startTestServer } from '../helpers/server.ts';";
    const typed =
      "import type { TestServer } from '../helpers/server.ts';\nimport { type Config } from '../../src-server/config.ts';";
    const api = "import { createWorkerApi } from '../../src-worker/core/create-worker-api.ts';";
    expect(
      ownStarts([
        { path: 'own', text: own },
        { path: 'typed', text: typed },
        { path: 'api', text: api },
      ]),
    ).toEqual(['own', 'api']);
  });
});
