import { describe, expect, it } from 'vitest';
import { FALLBACK_MS, FRESH, styleVerdict, TILE_ERRORS_TO_FAIL, TILES_TIMEOUT_MS } from './style-health.ts';

describe('styleVerdict: when a street style falls back to the built-in one', () => {
  it.each([
    ['just set', {}, 0, 'wait'],
    ['style loaded, no tile yet', { styleLoaded: true }, 1000, 'wait'],
    ['a tile loaded (network or cache)', { styleLoaded: true, tilesLoaded: 1 }, 0, 'ok'],
    ['a tile loaded, later failures do not count', { styleLoaded: true, tilesLoaded: 1, tileErrors: 50 }, 9e9, 'ok'],
    ['the style document failed', { styleFailed: true }, 10, 'fail'],
    ['its TileJSON failed', { styleLoaded: true, sourceFailed: true }, 10, 'fail'],
    ['tiles fail, none loaded', { styleLoaded: true, tileErrors: TILE_ERRORS_TO_FAIL }, 10, 'fail'],
    ['one tile failed: wait', { styleLoaded: true, tileErrors: 1 }, 10, 'wait'],
    ['no style document within the time', {}, FALLBACK_MS, 'fail'],
    ['the style, but maplibre’s workers still starting', { styleLoaded: true }, FALLBACK_MS, 'wait'],
    ['the style, but no tile for long', { styleLoaded: true }, TILES_TIMEOUT_MS, 'fail'],
  ] as const)('%s', (_, health, elapsed, verdict) => {
    expect(styleVerdict({ ...FRESH, ...health }, elapsed)).toBe(verdict);
  });

  it('"within a few seconds"', () => {
    expect(FALLBACK_MS).toBeLessThanOrEqual(6000);
  });
});
