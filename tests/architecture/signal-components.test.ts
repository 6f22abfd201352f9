/**
 * Every React component that reads a signal while it renders calls `useSignals()` itself (@preact/signals-react
 * without its Babel transform). A read in a child without it is only tracked while its parent's tracking happens to
 * be open; React may render the two apart, and the child then stops updating: the complete screen's parcel count
 * stayed "0 of 3" after a scan that way (CompleteForm, a flaky e2e/scan-parcels.spec.ts).
 *
 * Read from the source: each top-level function component of src-ui, its render-time reads of the app's state
 * (`state.<name>.value`, and the route state's `routeState.<name>.value` or `routeState.stop(id).value`) and of the helpers that read signals, and whether it calls useSignals().
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** Helpers that read a signal's `.value` (their own comments say "call under useSignals()"). */
const SIGNAL_HELPERS = ['draftUnits', 'geoPosition.value', 'appTheme.value', 'busy.value', 'completing.value'];
const READS = new RegExp(
  `\\bstate\\.\\w+\\.value\\b|\\brouteState\\.\\w+(?:\\([^)]*\\))?\\.value\\b|\\b(?:${SIGNAL_HELPERS.map((h) => h.replace('.', '\\.')).join('|')})\\b`,
);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [path] : [];
  });
}

const COMPONENT = /\n(?=(?:export )?(?:default )?function [A-Z]\w*\s*[<(])/;

/** "file Component: first read" for each component that reads signals without calling useSignals(). */
function untrackedReads(file: string, source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return code.split(COMPONENT).flatMap((part) => {
    const name = /^(?:export )?(?:default )?function ([A-Z]\w*)/.exec(part.trimStart())?.[1];
    if (!name || part.includes('useSignals()')) return [];
    const read = part.split('\n').find((line) => READS.test(line) && !/^\s*import\b/.test(line));
    return read ? [`${file} ${name}: ${read.trim()}`] : [];
  });
}

describe('signals in components', () => {
  it('every component that reads one calls useSignals() itself', () => {
    const found = tsxFiles(join(root, 'src-ui')).flatMap((path) =>
      untrackedReads(relative(root, path), readFileSync(path, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('the check catches a child that reads without it, and passes one that calls it', () => {
    const source = [
      'export function Parent() {',
      '  useSignals();',
      '  return <Child />;',
      '}',
      '',
      'function Child({ stop }: Props) {',
      '  const units = draftUnits(stop);',
      '  return <p>{units.length}</p>;',
      '}',
      '',
      'function Tracked() {',
      '  useSignals();',
      '  const list = state.routeList.value;',
      '  return null;',
      '}',
    ].join('\n');
    expect(untrackedReads('x.tsx', source)).toEqual(['x.tsx Child: const units = draftUnits(stop);']);
  });
});
