/**
 * How the lazy screens' code is cut into files (vite.config.ts `codeSplitting.groups`). Left to itself the bundler
 * gives every module that two screens share a file of its own: the route list came in 25 files, many of them an
 * icon of 300 bytes. On a slow line over HTTP/1.1 (six connections) that is four waves of round trips on a cold
 * start, and on a warm one the service worker answers them one after another (about 10 ms each on a low-end
 * phone), ahead of the core's own script. So:
 *
 * - `list-screen`: everything the route list's screen needs beyond the shell, in one file;
 * - `screens`: what two or more of the other screens share, in one more.
 *
 * Neither takes a module the first screen needs (one the entries import statically): that stays on the critical
 * path as before, in the entry or the shell, and the critical-path check (scripts/critical-path.mjs) says so if not.
 */

/** What the bundler tells a group's `name` function of a module (a part of rolldown's ModuleInfo). */
export interface ModuleGraph {
  getModuleInfo(id: string): {
    isEntry: boolean;
    importers: readonly string[];
    importedIds: readonly string[];
  } | null;
}

/** The modules the screens share: the app's own and its icons (not the libraries: the shell and the map have those). */
export const SCREEN_CODE = /src-ui[\\/]|src-shared[\\/]|lucide-react[\\/]/;
const ICON = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/** Per bundling pass (the graph object), what is known so far. */
const memo = new WeakMap<ModuleGraph, { initial: Map<string, boolean>; list: Set<string> | null }>();

function stateOf(graph: ModuleGraph) {
  let state = memo.get(graph);
  if (!state) {
    state = { initial: new Map(), list: null };
    memo.set(graph, state);
  }
  return state;
}

/** Whether a chain of static imports leads from an entry to the module: then the first screen needs it. */
export function isInitial(id: string, graph: ModuleGraph): boolean {
  const known = stateOf(graph).initial;
  const cached = known.get(id);
  if (cached !== undefined) return cached;
  // A whole walk up the importers per module (a few thousand modules: cheap), so a cycle never leaves a half answer.
  const seen = new Set([id]);
  const stack = [id];
  let initial = false;
  while (stack.length > 0 && !initial) {
    const info = graph.getModuleInfo(stack.pop()!);
    if (!info) continue;
    if (info.isEntry) initial = true;
    for (const importer of info.importers) {
      if (known.get(importer) === true) initial = true;
      if (!seen.has(importer)) {
        seen.add(importer);
        stack.push(importer);
      }
    }
  }
  known.set(id, initial);
  return initial;
}

/** The modules the route list's screen imports, statically and transitively (from the first id that names it). */
function listGraph(id: string, graph: ModuleGraph): Set<string> {
  const state = stateOf(graph);
  if (state.list) return state.list;
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const at = stack.pop()!;
    if (seen.has(at)) continue;
    seen.add(at);
    stack.push(...(graph.getModuleInfo(at)?.importedIds ?? []));
  }
  state.list = seen;
  return seen;
}

/**
 * Which of the two files `id` belongs in (`listScreenId`: the route list screen's module, whose own file stays its
 * own), or null to leave it where the bundler puts it: the first screen's modules, and the libraries.
 */
export function screenChunkOf(id: string, graph: ModuleGraph, listScreenId: string): 'list-screen' | 'screens' | null {
  if (!SCREEN_CODE.test(id) || id === listScreenId) return null;
  // An icon is imported through lucide-react's index, which the first screen imports: the walk would call every icon
  // initial. The shell's group (first, tagged $initial) has already taken the icons the first screen uses.
  if (!ICON.test(id) && isInitial(id, graph)) return null;
  return listGraph(listScreenId, graph).has(id) ? 'list-screen' : 'screens';
}
