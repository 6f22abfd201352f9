/**
 * The performance mark the route map sets at its first full frame (maplibre's `load`, after the style's and the
 * overlay's shaders are compiled). The benchmark measures up to it; the browser tests wait for it before they tap,
 * since a software-rendered first frame holds the main thread for seconds. No imports: Node reads it too.
 */
export const MAP_LOADED_MARK = 'droplane:map-loaded';
