import { describe, expect, it } from 'vitest';
import { blobToDataUrl, isPhotoType, targetSize } from './photo.ts';

describe('photo sizing', () => {
  it.each([
    [4000, 3000, 800, 600],
    [3000, 4000, 800, 1067],
    [800, 600, 800, 600],
    [640, 480, 640, 480],
    [12000, 10, 800, 1],
  ])('%ix%i becomes %ix%i', (w, h, tw, th) => {
    expect(targetSize(w, h)).toEqual({ width: tw, height: th });
  });

  it.each([
    ['image/jpeg', true],
    ['image/JPG', true],
    ['image/png', true],
    ['image/heic', false],
    ['image/gif', false],
    ['application/pdf', false],
  ])('%s accepted: %s', (type, ok) => {
    expect(isPhotoType(type)).toBe(ok);
  });

  it('encodes a blob as a data URL, also past one chunk', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => i % 251);
    const url = await blobToDataUrl(new Blob([bytes], { type: 'image/jpeg' }));
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const decoded = Uint8Array.from(atob(url.split(',')[1]!), (c) => c.charCodeAt(0));
    expect(decoded).toEqual(bytes);
  });
});
