import { describe, expect, it } from 'vitest';
import { type StyleFilesOf, styleFileUrls } from './style-files.ts';

const STYLE_URL = 'https://tiles.example/styles/positron';

/** OpenFreeMap's styles, in the shape maplibre's getStyle() gives them (the parts that name files). */
const positron: StyleFilesOf = {
  sources: {
    openmaptiles: { url: 'https://tiles.example/planet' },
    ne2_shaded: { url: 'https://tiles.example/ne2sr' },
  },
  sprite: 'https://tiles.example/sprites/ofm_f384/ofm',
  glyphs: 'https://tiles.example/fonts/{fontstack}/{range}.pbf',
  layers: [
    { layout: {} },
    { layout: { 'text-font': ['Noto Sans Regular'] } },
    { layout: { 'text-font': ['literal', ['Noto Sans Bold']] } },
    { layout: { 'text-font': ['Noto Sans Regular'] } },
    { layout: { 'text-font': ['step', ['zoom'], ['literal', ['Noto Sans Regular']], 12, ['literal', ['X']]] } },
  ],
};

describe('styleFileUrls: the files a street style needs beside its tiles', () => {
  it.each<[string, StyleFilesOf | undefined, number, string[]]>([
    [
      'a full style on a 2x screen: document, TileJSONs, the @2x sprite, a Latin range per literal font',
      positron,
      2,
      [
        STYLE_URL,
        'https://tiles.example/planet',
        'https://tiles.example/ne2sr',
        'https://tiles.example/sprites/ofm_f384/ofm@2x.json',
        'https://tiles.example/sprites/ofm_f384/ofm@2x.png',
        'https://tiles.example/fonts/Noto%20Sans%20Regular/0-255.pbf',
        'https://tiles.example/fonts/Noto%20Sans%20Bold/0-255.pbf',
      ],
    ],
    [
      'a 1x screen: the plain sprite',
      { sprite: 'https://tiles.example/sprite' },
      1,
      [STYLE_URL, 'https://tiles.example/sprite.json', 'https://tiles.example/sprite.png'],
    ],
    [
      'sprites by id, one with a query',
      {
        sprite: [
          { id: 'a', url: 'https://a.example/s' },
          { id: 'b', url: 'https://b.example/s?key=1' },
        ],
      },
      2,
      [
        STYLE_URL,
        'https://a.example/s@2x.json',
        'https://a.example/s@2x.png',
        'https://b.example/s@2x.json?key=1',
        'https://b.example/s@2x.png?key=1',
      ],
    ],
    [
      'fonts stacked, relative TileJSON',
      {
        sources: { streets: { url: '../planet' }, inline: {} },
        glyphs: 'https://tiles.example/fonts/{fontstack}/{range}.pbf',
        layers: [{ layout: { 'text-font': ['Noto Sans Regular', 'Noto Sans Bold'] } }],
      },
      2,
      [
        STYLE_URL,
        'https://tiles.example/planet',
        'https://tiles.example/fonts/Noto%20Sans%20Regular,Noto%20Sans%20Bold/0-255.pbf',
      ],
    ],
    [
      'glyphs but no labels',
      { glyphs: 'https://tiles.example/fonts/{fontstack}/{range}.pbf', layers: [] },
      2,
      [STYLE_URL],
    ],
    ['no style read yet', undefined, 2, [STYLE_URL]],
  ])('%s', (_name, style, ratio, expected) => {
    expect(styleFileUrls(STYLE_URL, style, ratio)).toEqual(expected);
  });
});
