/**
 * The outside map host (OpenFreeMap's tiles.openfreemap.org, the default MAP_STYLE_*), stubbed in the browser
 * context: no test depends on a host outside this machine. `stubMapHost(context)` answers the style documents,
 * the TileJSON and vector tiles made here (vt-pbf: a grid of streets and a park per tile, in the OpenMapTiles
 * layers the style reads), and counts what was asked; `blockMapHost(context)` makes the host unreachable.
 * The stub style is deliberately plain and loud (green land, white streets) so screenshots tell it apart from the
 * built-in style.
 */
import type { BrowserContext, Route } from '@playwright/test';
import vtpbf from 'vt-pbf';

export const MAP_HOST = 'https://tiles.openfreemap.org';
const TILE_PATH = /\/planet\/test\/(\d+)\/(\d+)\/(\d+)\.pbf$/;
/** The stub's land colour, [r, g, b]: a screenshot of the streets style is mostly this. */
const STUB_LAND = [0xd8, 0xec, 0xc8] as const;

const EXTENT = 4096;
const CORS = { 'access-control-allow-origin': '*' };

/** A tile's features in tile coordinates, as geojson-vt would give them (type 2: lines, type 3: polygons). */
function tileFeatures(z: number, x: number, y: number) {
  const streets = [];
  for (let i = 1; i < 8; i++) {
    const at = (i * EXTENT) / 8;
    const tags = { class: i === 4 ? 'primary' : 'minor', name: `Street ${z}/${x}/${y}/${i}` };
    streets.push({
      type: 2,
      tags,
      geometry: [
        [
          [at, 0],
          [at, EXTENT],
        ],
      ],
    });
    streets.push({
      type: 2,
      tags,
      geometry: [
        [
          [0, at],
          [EXTENT, at],
        ],
      ],
    });
  }
  const park = {
    type: 3,
    tags: { class: 'park' },
    geometry: [
      [
        [EXTENT * 0.55, EXTENT * 0.55],
        [EXTENT * 0.7, EXTENT * 0.55],
        [EXTENT * 0.7, EXTENT * 0.7],
        [EXTENT * 0.55, EXTENT * 0.7],
        [EXTENT * 0.55, EXTENT * 0.55],
      ],
    ],
  };
  return { transportation: { features: streets }, park: { features: [park] } };
}

function vectorTile(z: number, x: number, y: number): Buffer {
  return Buffer.from(vtpbf.fromGeojsonVt(tileFeatures(z, x, y), { version: 2, extent: EXTENT }));
}

const tileJson = {
  tilejson: '3.0.0',
  tiles: [`${MAP_HOST}/planet/test/{z}/{x}/{y}.pbf`],
  minzoom: 0,
  maxzoom: 14,
  attribution:
    '<a href="https://openfreemap.org" target="_blank">OpenFreeMap</a> <a href="https://www.openmaptiles.org/" target="_blank">&copy; OpenMapTiles</a> Data from <a href="https://www.openstreetmap.org/copyright" target="_blank">OpenStreetMap</a>',
  vector_layers: [{ id: 'transportation' }, { id: 'park' }],
};

function style(name: string) {
  const rgb = `rgb(${STUB_LAND.join(',')})`;
  return {
    version: 8,
    name: `stub-${name}`,
    sources: { openmaptiles: { type: 'vector', url: `${MAP_HOST}/planet` } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': rgb } },
      {
        id: 'park',
        type: 'fill',
        source: 'openmaptiles',
        'source-layer': 'park',
        paint: { 'fill-color': '#a8d08d' },
      },
      {
        id: 'streets',
        type: 'line',
        source: 'openmaptiles',
        'source-layer': 'transportation',
        paint: {
          'line-color': '#ffffff',
          'line-width': ['match', ['get', 'class'], 'primary', 6, 3],
        },
      },
    ],
  };
}

interface MapHostLog {
  /** Every request that reached the stub, as [path, z/x/y or null]. */
  requests: string[];
  /** The tiles asked for, "z/x/y". */
  tiles(): string[];
}

/** Answers the map host from here; `offline()` then turns it into a dead zone (every request fails). */
export async function stubMapHost(context: BrowserContext) {
  const requests: string[] = [];
  let reachable = true;
  await context.route(`${MAP_HOST}/**`, async (route: Route) => {
    const url = new URL(route.request().url());
    requests.push(url.pathname);
    if (!reachable) return route.abort('internetdisconnected');
    const tile = TILE_PATH.exec(url.pathname);
    if (tile) {
      const [z, x, y] = tile.slice(1).map(Number) as [number, number, number];
      return route.fulfill({
        status: 200,
        headers: { ...CORS, 'content-type': 'application/x-protobuf' },
        body: vectorTile(z, x, y),
      });
    }
    const styleName = /^\/styles\/(\w+)$/.exec(url.pathname)?.[1];
    const body = url.pathname === '/planet' ? tileJson : styleName ? style(styleName) : null;
    if (!body) return route.fulfill({ status: 404, headers: CORS, body: 'not here' });
    return route.fulfill({ status: 200, headers: { ...CORS, 'content-type': 'application/json' }, json: body });
  });
  const log: MapHostLog = {
    requests,
    tiles: () => requests.flatMap((p) => TILE_PATH.exec(p)?.slice(1).join('/') ?? []),
  };
  return {
    log,
    offline() {
      reachable = false;
    },
  };
}

/** The map host cannot be reached (a blocked host, no network): every request fails at once. */
export async function blockMapHost(context: BrowserContext): Promise<void> {
  await context.route(`${MAP_HOST}/**`, (route) => route.abort('addressunreachable'));
}
