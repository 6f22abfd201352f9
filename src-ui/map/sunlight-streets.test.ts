import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../styles/contrast.ts';
import { SUNLIGHT_STREETS, sunlightPaint } from './sunlight-streets.ts';

describe('the street style in Sunlight', () => {
  it.each([
    [{ id: 'background', type: 'background' }, 'background-color', SUNLIGHT_STREETS.land],
    [{ id: 'water', type: 'fill', 'source-layer': 'water' }, 'fill-color', SUNLIGHT_STREETS.water],
    [{ id: 'highway_minor', type: 'line', 'source-layer': 'transportation' }, 'line-color', SUNLIGHT_STREETS.road],
    [{ id: 'boundary_2', type: 'line', 'source-layer': 'boundary' }, 'line-color', SUNLIGHT_STREETS.boundary],
    [{ id: 'building', type: 'fill', 'source-layer': 'building' }, 'fill-outline-color', SUNLIGHT_STREETS.edge],
    [{ id: 'road_label', type: 'symbol', 'source-layer': 'transportation_name' }, 'text-color', '#000000'],
    [{ id: 'road_label', type: 'symbol', 'source-layer': 'transportation_name' }, 'text-halo-color', '#ffffff'],
  ])('%o: %s is %s', (layer, property, value) => {
    expect(Object.fromEntries(sunlightPaint(layer))[property]).toBe(value);
  });

  it('leaves layers it does not know as they are', () => {
    expect(sunlightPaint({ id: 'hillshade', type: 'hillshade' })).toEqual([]);
    expect(sunlightPaint({ id: 'poi_fill', type: 'fill', 'source-layer': 'poi' })).toEqual([]);
  });

  it('draws streets, borders and edges at 4.5:1 on the land and labels at 7:1 on their halo', () => {
    const c = SUNLIGHT_STREETS;
    for (const line of [c.road, c.boundary, c.edge]) expect(contrastRatio(line, c.land)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(c.label, c.halo)).toBeGreaterThanOrEqual(7);
  });
});
