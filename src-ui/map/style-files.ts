/**
 * A street style's own files, as maplibre asks for them (so their URLs are the map caches' keys): the style document,
 * each source's TileJSON, the sprite's index and sheet at the map's pixel ratio, and the first glyph range (0-255:
 * Latin, the street names of the app's languages) of each font the style's labels name. Fetched ahead with the
 * route's tiles (prefetch.ts, src-worker/map/prefetch-tiles.ts): a driver's first session may have loaded them
 * before the service worker took the page over, and without the style no kept tile shows.
 */

/** The part of a style document (maplibre's `map.getStyle()`) that names other files. */
export interface StyleFilesOf {
  sources?: Record<string, { url?: string }>;
  sprite?: string | { id: string; url: string }[];
  glyphs?: string;
  layers?: { layout?: Record<string, unknown> }[];
}

/** A fontstack as maplibre writes it into a glyph URL: the fonts' names, comma-joined; null for an expression. */
function fontstackOf(textFont: unknown): string | null {
  const fonts = Array.isArray(textFont) && textFont[0] === 'literal' ? textFont[1] : textFont;
  if (!Array.isArray(fonts) || fonts.length === 0 || !fonts.every((f) => typeof f === 'string')) return null;
  return fonts.join(',');
}

/** An absolute URL (`url` may be relative to the style's), or null when it is none. */
function absolute(url: string, base: string): string | null {
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}

export function styleFileUrls(styleUrl: string, style: StyleFilesOf | undefined, pixelRatio: number): string[] {
  const urls = [styleUrl];
  for (const source of Object.values(style?.sources ?? {})) if (source.url) urls.push(source.url);
  const sprites = typeof style?.sprite === 'string' ? [style.sprite] : (style?.sprite ?? []).map((s) => s.url);
  const format = pixelRatio > 1 ? '@2x' : '';
  for (const sprite of sprites) {
    // maplibre's normalizeSpriteURL: the format and extension go at the end of the path, before any query.
    for (const extension of ['.json', '.png']) {
      const url = absolute(sprite, styleUrl);
      if (!url) continue;
      const parsed = new URL(url);
      parsed.pathname += `${format}${extension}`;
      urls.push(parsed.href);
    }
  }
  if (style?.glyphs) {
    const stacks = new Set<string>();
    for (const layer of style.layers ?? []) {
      const stack = fontstackOf(layer.layout?.['text-font']);
      if (stack) stacks.add(stack);
    }
    for (const stack of stacks) urls.push(style.glyphs.replace('{fontstack}', stack).replace('{range}', '0-255'));
  }
  return [...new Set(urls.map((url) => absolute(url, styleUrl)).filter((url): url is string => url !== null))];
}
