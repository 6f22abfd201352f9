/** Data URLs and Blobs, both ways: photos wait in the outbox as Blobs and travel in the stop update as data URLs. */

/** A data URL, as the stop update payload carries images. */
export async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

const DATA_URL = /^data:([^;,]*)(;base64)?,/;

/** The Blob a data URL holds; null for anything that is not a data URL (a stored image's URL, say). */
export function dataUrlToBlob(url: string): Blob | null {
  const head = DATA_URL.exec(url);
  if (!head) return null;
  const payload = url.slice(head[0].length);
  const type = head[1] || 'application/octet-stream';
  if (!head[2]) return new Blob([decodeURIComponent(payload)], { type });
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
