import { describe, expect, it } from 'vitest';
import type { Stop, StopStatus } from '../../src-shared/protocol/entities.ts';
import { CLUSTER_RADIUS_PX, clusterText, makeDeclutter, project } from './declutter.ts';
import { markerData } from './markers.ts';

let seq = 0;
const stop = (lng: number, lat: number, status: StopStatus = 'pending', type: Stop['type'] = 'delivery') =>
  ({
    id: ++seq,
    type,
    status,
    address: { lng, lat },
    information: { street: null, city: null, country: null, recipient_name: null, recipient_phone: null, notes: null },
  }) as Stop;

/** Metres east of a point, in degrees of longitude at 52° N. */
const east = (m: number) => m / (111_320 * Math.cos((52 * Math.PI) / 180));

describe('project (Web Mercator, 512 px world at zoom 0)', () => {
  it.each([
    [
      [0, 0],
      [256, 256],
    ],
    [
      [-180, 0],
      [0, 256],
    ],
    [
      [180, 0],
      [512, 256],
    ],
  ] as const)('%j → %j', (lngLat, px) => {
    const [x, y] = project([lngLat[0], lngLat[1]]);
    expect(x).toBeCloseTo(px[0], 6);
    expect(y).toBeCloseTo(px[1], 6);
  });
});

describe('makeDeclutter', () => {
  // A street of ten stops 20 m apart, and one stop 5 km away.
  const street = Array.from({ length: 10 }, (_, i) => stop(5.1 + east(20 * i), 52.09));
  const far = stop(5.1 + east(5000), 52.09);

  it('far out, the street is one cluster with its count; the far stop stays on its own', () => {
    const at = makeDeclutter(markerData([...street, far]))(12);
    expect(at.clusters).toHaveLength(1);
    expect(at.clusters[0]).toMatchObject({ count: 10, id: street[0]!.id, done: false });
    expect(at.clusters[0]!.stopIds).toEqual(street.map((s) => s.id));
    expect(at.markers.map((m) => m.id)).toEqual([far.id]);
  });

  it('zoomed in far enough, every stop shows on its own', () => {
    // 20 m is 34 px at about zoom 17.8 at 52° N: from zoom 18 on, no two overlap.
    const at = makeDeclutter(markerData(street))(18);
    expect(at.clusters).toEqual([]);
    expect(at.markers).toHaveLength(10);
  });

  it('no two drawn markers or clusters overlap, at any level', () => {
    const many = Array.from({ length: 300 }, (_, i) => stop(5 + ((i * 37) % 100) / 1000, 52 + ((i * 61) % 100) / 1500));
    const declutter = makeDeclutter(markerData(many));
    for (let z = 8; z <= 20; z++) {
      const { markers, clusters } = declutter(z);
      const seeds = [...markers.map((m) => m.position), ...clusters.map((c) => c.position)];
      expect(markers.length + clusters.reduce((n, c) => n + c.count, 0), `zoom ${z}`).toBe(300);
      // Seeds keep CLUSTER_RADIUS_PX between them (the drawn mean of a cluster may move a little).
      const singles = markers.map((m) => project(m.position).map((v) => v * 2 ** z));
      for (let i = 0; i < singles.length; i++)
        for (let j = i + 1; j < singles.length; j++)
          expect(Math.hypot(singles[i]![0]! - singles[j]![0]!, singles[i]![1]! - singles[j]![1]!)).toBeGreaterThan(
            CLUSTER_RADIUS_PX - 1e-6,
          );
      expect(seeds.length).toBeGreaterThan(0);
    }
  });

  it('a cluster knows the level where it splits; stops on one spot never split', () => {
    const same = [stop(5.2, 52.2), stop(5.2, 52.2)];
    const at = makeDeclutter(markerData([...street, ...same]))(12);
    const byFirst = new Map(at.clusters.map((c) => [c.id, c]));
    expect(byFirst.get(street[0]!.id)!.expansionZoom).toBeGreaterThan(12);
    expect(byFirst.get(street[0]!.id)!.expansionZoom).toBeLessThanOrEqual(18);
    expect(byFirst.get(same[0]!.id)!.expansionZoom).toBeNull();
    expect(makeDeclutter(markerData(same))(20).clusters).toHaveLength(1);
  });

  it('pending stops seed clusters before done ones; a cluster of done stops is dimmed', () => {
    const done = [stop(5.3, 52.0, 'finished'), stop(5.3 + east(10), 52.0, 'finished')];
    const mixed = [stop(5.4, 52.0, 'finished'), stop(5.4 + east(10), 52.0, 'pending')];
    const { clusters } = makeDeclutter(markerData([...done, ...mixed]))(14);
    expect(clusters.map((c) => [c.stopIds, c.done])).toEqual([
      [[mixed[1]!.id, mixed[0]!.id], false],
      [[done[0]!.id, done[1]!.id], true],
    ]);
  });

  it('a round trip’s combined start and end counts as its two stops', () => {
    const depot = [stop(5.5, 52.0, 'finished', 'start'), stop(5.5 + east(5), 52.0), stop(5.5, 52.0, 'pending', 'end')];
    const { clusters } = makeDeclutter(markerData(depot))(12);
    expect(clusters).toHaveLength(1);
    expect(clusters[0]!.count).toBe(3);
  });

  it('keeps each level’s result: the same zoom level gives the same objects', () => {
    const declutter = makeDeclutter(markerData(street));
    expect(declutter(12.2)).toBe(declutter(12.9));
    expect(declutter(13)).not.toBe(declutter(12));
  });
});

describe('clusterText', () => {
  it.each<[number, string]>([
    [2, '+2'],
    [12, '+12'],
  ])('a cluster of %i reads %s, never a bare number like a stop’s', (count, text) => {
    expect(clusterText(count)).toBe(text);
    expect(clusterText(count)).not.toMatch(/^\d+$/);
  });
});
