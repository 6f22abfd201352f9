/** Images as the server stores them, for the proof tests: fetched with the dispatcher's token, and measured. */
import { expect } from '@playwright/test';
import { imageSize } from 'image-size';
import type { ServerInfo } from './fixtures.ts';

/** A stored image (a photo or a signature) by its URL, as the dispatcher's API serves it. */
export async function fetchImage(server: ServerInfo, url: string): Promise<{ type: string; bytes: Uint8Array }> {
  const res = await fetch(new URL(url, server.url), { headers: { authorization: `Bearer ${server.dispatchToken}` } });
  expect(res.status).toBe(200);
  return { type: res.headers.get('content-type') ?? '', bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Width and height of a JPEG, from its own header (as encoded, before any EXIF orientation). */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  const { type, width, height } = imageSize(bytes);
  expect(type).toBe('jpg');
  return { width, height };
}
