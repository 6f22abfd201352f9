/** How the lazy screens' shared code is cut into files (scripts/screen-chunks.ts), on a made-up module graph. */
import { describe, expect, it } from 'vitest';
import { isInitial, type ModuleGraph, screenChunkOf } from '../../scripts/screen-chunks.ts';

/** A graph from `importer -> imported` edges; `entries` are the entry modules. */
function graphOf(edges: Record<string, string[]>, entries: string[]): ModuleGraph {
  const ids = new Set([...Object.keys(edges), ...Object.values(edges).flat()]);
  return {
    getModuleInfo(id) {
      if (!ids.has(id)) return null;
      return {
        isEntry: entries.includes(id),
        importedIds: edges[id] ?? [],
        importers: Object.entries(edges)
          .filter(([, imported]) => imported.includes(id))
          .map(([importer]) => importer),
      };
    },
  };
}

const LIST = '/app/src-ui/screens/routes/RoutesScreen.tsx';
const edges = {
  '/app/index.html': ['/app/src-ui/main.tsx'],
  '/app/src-ui/main.tsx': ['/app/src-ui/i18n/index.ts', '/app/node_modules/lucide-react/dist/esm/lucide-react.mjs'],
  '/app/src-ui/i18n/index.ts': ['/app/src-ui/i18n/en-core.ts'],
  // A cycle on the first screen's side: the walk up must still find the entry.
  '/app/src-ui/i18n/en-core.ts': ['/app/src-ui/i18n/index.ts'],
  // The icons' index: everything imports it, so it reaches every icon.
  '/app/node_modules/lucide-react/dist/esm/lucide-react.mjs': [
    '/app/node_modules/lucide-react/dist/esm/icons/trash.mjs',
    '/app/node_modules/lucide-react/dist/esm/icons/play.mjs',
  ],
  [LIST]: ['/app/src-ui/screens/routes/RouteCard.tsx', '/app/src-ui/i18n/index.ts'],
  '/app/src-ui/screens/routes/RouteCard.tsx': [
    '/app/src-shared/domain/route-list.ts',
    '/app/node_modules/lucide-react/dist/esm/lucide-react.mjs',
  ],
  '/app/src-ui/screens/route-view/RouteScreen.tsx': [
    '/app/src-shared/domain/route-list.ts',
    '/app/src-ui/stops/StopRow.tsx',
  ],
  '/app/src-ui/screens/stop/CompleteScreen.tsx': ['/app/src-ui/stops/StopRow.tsx'],
  '/app/src-ui/map/RouteMap.tsx': ['/app/node_modules/maplibre-gl/dist/maplibre-gl.js'],
};

describe('screen chunks', () => {
  const graph = graphOf(edges, ['/app/index.html']);

  it.each([
    ['a module the entry imports', '/app/src-ui/i18n/index.ts', true],
    ['one it imports through a cycle', '/app/src-ui/i18n/en-core.ts', true],
    ['a module only a lazy screen imports', '/app/src-ui/screens/routes/RouteCard.tsx', false],
    ['a module the graph does not know', '/app/src-ui/nowhere.ts', false],
  ])('isInitial: %s', (_, id, expected) => {
    expect(isInitial(id, graph)).toBe(expected);
  });

  it.each([
    ["the list's own imports", '/app/src-ui/screens/routes/RouteCard.tsx', 'list-screen'],
    ['shared with the route screen, but the list needs it', '/app/src-shared/domain/route-list.ts', 'list-screen'],
    [
      'an icon (through the index the first screen imports too)',
      '/app/node_modules/lucide-react/dist/esm/icons/play.mjs',
      'list-screen',
    ],
    ['what the other screens share', '/app/src-ui/stops/StopRow.tsx', 'screens'],
    ["the first screen's modules stay where they are", '/app/src-ui/i18n/index.ts', null],
    ['the list screen keeps its own file', LIST, null],
    ['libraries are left to the bundler', '/app/node_modules/maplibre-gl/dist/maplibre-gl.js', null],
  ])('screenChunkOf: %s', (_, id, expected) => {
    expect(screenChunkOf(id, graph, LIST)).toBe(expected);
  });
});
