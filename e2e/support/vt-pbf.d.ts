/** vt-pbf ships no types: the one function the tests use (e2e/support/map-hosts.ts). */
declare module 'vt-pbf' {
  interface TileFeature {
    type: number;
    tags: Record<string, string | number>;
    geometry: number[][][];
  }
  const vtpbf: {
    fromGeojsonVt(
      layers: Record<string, { features: TileFeature[] }>,
      options?: { version?: number; extent?: number },
    ): Uint8Array;
  };
  export default vtpbf;
}
