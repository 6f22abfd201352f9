/**
 * Decluttering the markers (pure): at a zoom where markers would overlap, they are drawn as one cluster marker with
 * the count of its stops; zoomed in far enough, each stop shows on its own again. Greedy grid clustering in the
 * style of supercluster, per whole zoom level, on Web Mercator pixels (512 px tiles, as maplibre draws them):
 *
 *   - markers are taken in drawing priority, pending before done, then in route order; each joins the first
 *     cluster whose seed lies within CLUSTER_RADIUS_PX, or seeds a new one. Seeds stay put, so a level's clusters
 *     do not depend on the order the map was zoomed in;
 *   - the active and next stops are not clustered here: focusMarkers() draws them on top of everything, so they
 *     are always visible and tappable (a cluster that holds them still counts them);
 *   - a cluster is drawn at the mean of its stops, with a count; a tap zooms in until it splits (expansionZoom),
 *     or selects its first stop when its stops share one spot and no zoom can split them.
 */
import { type Bounds, type LngLat, MAX_ZOOM } from './map-data.ts';
import type { MarkerDatum } from './markers.ts';

/** Markers whose centres are closer than this (px) overlap: two 15 px markers plus a little air. */
export const CLUSTER_RADIUS_PX = 34;
/** Web Mercator world size at zoom 0, px (maplibre's 512 px tiles). */
const WORLD_PX = 512;
const MAX_LAT = 85.051129;

export interface ClusterDatum {
  /** Stable for the same stops: the first stop's id. */
  id: number;
  position: LngLat;
  count: number;
  /** The stops, in priority order (pending first, then route order). */
  stopIds: number[];
  /** Every stop in it is done: drawn dimmed. */
  done: boolean;
  bounds: Bounds;
  /** The first whole zoom level at which this cluster splits; null when its stops share one spot. */
  expansionZoom: number | null;
}

export interface Decluttered {
  markers: MarkerDatum[];
  clusters: ClusterDatum[];
}

/** [x, y] in world px at zoom 0 (multiply by 2^z for a zoom). */
export function project([lng, lat]: LngLat): [number, number] {
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  const x = (lng + 180) / 360;
  const y = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
  return [x * WORLD_PX, y * WORLD_PX];
}

interface Seed {
  x: number;
  y: number;
  members: MarkerDatum[];
}

/** Groups of markers that overlap at a whole zoom level, in the markers' priority order. */
function groupAt(markers: readonly MarkerDatum[], points: readonly [number, number][], zoom: number): Seed[] {
  const scale = 2 ** zoom;
  const cell = CLUSTER_RADIUS_PX;
  const grid = new Map<string, Seed[]>();
  const seeds: Seed[] = [];
  const order = markers.map((_, i) => i).sort((a, b) => priority(markers[a]!) - priority(markers[b]!) || a - b);
  for (const i of order) {
    const x = points[i]![0] * scale;
    const y = points[i]![1] * scale;
    const cx = Math.floor(x / cell);
    const cy = Math.floor(y / cell);
    let joined: Seed | null = null;
    for (let dx = -1; dx <= 1 && !joined; dx++) {
      for (let dy = -1; dy <= 1 && !joined; dy++) {
        for (const seed of grid.get(`${cx + dx},${cy + dy}`) ?? []) {
          if ((seed.x - x) ** 2 + (seed.y - y) ** 2 < cell * cell) {
            joined = seed;
            break;
          }
        }
      }
    }
    if (joined) {
      joined.members.push(markers[i]!);
      continue;
    }
    const seed: Seed = { x, y, members: [markers[i]!] };
    seeds.push(seed);
    const key = `${cx},${cy}`;
    grid.set(key, [...(grid.get(key) ?? []), seed]);
  }
  return seeds;
}

/** Pending markers seed clusters before done ones; route order within each (markerData's order). */
const priority = (m: MarkerDatum) => (m.status === 'pending' ? 0 : 1);

function boundsOf(members: readonly MarkerDatum[]): Bounds {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { position } of members) {
    w = Math.min(w, position[0]);
    e = Math.max(e, position[0]);
    s = Math.min(s, position[1]);
    n = Math.max(n, position[1]);
  }
  return [
    [w, s],
    [e, n],
  ];
}

/**
 * Makes declutter(zoom) for one route's resting markers: the markers to draw on their own and the clusters, at a
 * zoom's whole level. Levels are computed when first asked for and kept (the result's identity is stable per
 * level, so the map's layers are rebuilt only when the level changes). `exclude` are the focus stops.
 */
export function makeDeclutter(markers: readonly MarkerDatum[], exclude: ReadonlySet<number> = new Set()) {
  const rest = markers.filter((m) => !m.stopIds.some((id) => exclude.has(id)));
  const points = rest.map((m) => project(m.position));
  const indexOf = new Map(rest.map((m, i) => [m, i]));
  const levels = new Map<number, Decluttered>();
  const splitsAt = (seed: Seed, from: number): number | null => {
    const idx = seed.members.map((m) => indexOf.get(m)!);
    const sub = idx.map((i) => rest[i]!);
    const subPoints = idx.map((i) => points[i]!);
    for (let z = from + 1; z <= MAX_ZOOM; z++) if (groupAt(sub, subPoints, z).length > 1) return z;
    return null;
  };
  return (zoom: number): Decluttered => {
    const level = Math.max(0, Math.min(MAX_ZOOM, Math.floor(zoom)));
    const known = levels.get(level);
    if (known) return known;
    const single: MarkerDatum[] = [];
    const clusters: ClusterDatum[] = [];
    for (const seed of groupAt(rest, points, level)) {
      if (seed.members.length === 1) {
        single.push(seed.members[0]!);
        continue;
      }
      const n = seed.members.length;
      let expansion: number | null | undefined;
      const lng = seed.members.reduce((sum, m) => sum + m.position[0], 0) / n;
      const lat = seed.members.reduce((sum, m) => sum + m.position[1], 0) / n;
      clusters.push({
        id: seed.members[0]!.id,
        position: [lng, lat],
        count: seed.members.reduce((sum, m) => sum + m.stopIds.length, 0),
        stopIds: seed.members.flatMap((m) => m.stopIds),
        done: seed.members.every((m) => m.status !== 'pending'),
        bounds: boundsOf(seed.members),
        // Worked out when a tap asks for it: regrouping every cluster's stops at each deeper level was most of a
        // declutter's time, and only a tapped cluster needs it.
        get expansionZoom() {
          if (expansion === undefined) expansion = splitsAt(seed, level);
          return expansion;
        },
      });
    }
    // Drawing order as markerData's: done first, then pending in route order.
    single.sort((a, b) => indexOf.get(a)! - indexOf.get(b)!);
    const result = { markers: single, clusters };
    levels.set(level, result);
    return result;
  };
}

/**
 * A cluster's label: its count after a "+", so that a cluster of two never reads as stop 2 beside it (the badge's
 * shape and colours differ from a stop's marker too: layers.ts).
 */
export const clusterText = (count: number): string => `+${count}`;
