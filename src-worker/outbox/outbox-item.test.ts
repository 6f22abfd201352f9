import { describe, expect, it } from 'vitest';
import { createPreparedPhotos } from '../media/prepared-photos.ts';
import { requestBody, storedParts } from './outbox-item.ts';

const JPEG_URL = `data:image/jpeg;base64,${btoa('\xff\xd8\xff\xe0 not really a jpeg')}`;

describe('storedParts', () => {
  it('keeps the core’s prepared photos and data URLs as Blobs, and stored image URLs as they are', async () => {
    let n = 0;
    const photos = createPreparedPhotos(() => String(++n));
    const prepared = new Blob([new Uint8Array([0xff, 0xd8, 1, 2, 3])], { type: 'image/jpeg' });
    const handle = photos.put(prepared, 1_700_000_000_000);
    const parts = storedParts(
      { status: 'finished', images: { 0: handle, 1: JPEG_URL, 2: '/v1/images/7' } },
      photos.get,
    );
    expect(parts.images![0]).toBe(prepared);
    expect(parts.images![1]).toBeInstanceOf(Blob);
    expect(parts.images![2]).toBe('/v1/images/7');
    // Sent as the server takes them: data URLs, stored URLs unchanged.
    const sent = await requestBody({ ...parts, signature: undefined } as never);
    expect(sent.images!['0']).toBe(`data:image/jpeg;base64,${btoa('\xff\xd8\x01\x02\x03')}`);
    expect(sent.images!['1']).toBe(JPEG_URL);
    expect(sent.images!['2']).toBe('/v1/images/7');
  });

  it('keeps at most the newest photos, so memory stays bounded', () => {
    let n = 0;
    const photos = createPreparedPhotos(() => String(++n), 2);
    const handles = [1, 2, 3].map((i) => photos.put(new Blob([String(i)]), i * 1000));
    expect(photos.get(handles[0]!)).toBeNull();
    expect(photos.capturedAt(handles[0]!)).toBeNull();
    expect(photos.get(handles[2]!)).not.toBeNull();
    expect(photos.capturedAt(handles[2]!)).toBe(3000);
  });
});
