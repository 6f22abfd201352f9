import { describe, expect, it } from 'vitest';
import {
  FALLBACK_MS,
  FRESH,
  MAX_TICK_CREDIT_MS,
  styleVerdict,
  TICK_MS,
  TILE_ERRORS_TO_FAIL,
  TILES_TIMEOUT_MS,
  tickCredit,
} from './style-health.ts';

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

describe('tickCredit: the waiting time a tick adds', () => {
  it('an on-time tick counts in full', () => {
    expect(tickCredit(TICK_MS)).toBe(TICK_MS);
    expect(tickCredit(TICK_MS + 30)).toBe(TICK_MS + 30);
  });

  it('a late tick (the device busy) counts for little: 8 s of a starved main thread are not 8 s of network', () => {
    expect(tickCredit(8000)).toBe(MAX_TICK_CREDIT_MS);
    expect(MAX_TICK_CREDIT_MS).toBeLessThan(FALLBACK_MS / 5);
  });

  it('a dead zone (ticks on time) falls back within FALLBACK_MS of ticks', () => {
    let waited = 0;
    let ticks = 0;
    while (styleVerdict(FRESH, waited) === 'wait') {
      waited += tickCredit(TICK_MS);
      ticks += 1;
    }
    expect(ticks * TICK_MS).toBe(FALLBACK_MS);
  });

  it('a clock that goes backwards adds nothing', () => {
    expect(tickCredit(-5)).toBe(0);
  });
});
