/**
 * A phone camera's photo for the benchmarks: a 4000x3000 (12 MP) JPEG drawn by Chromium itself, with gradients
 * and noise so it encodes to a realistic 2-4 MB rather than a few KB of flat colour (decode cost tracks the bytes).
 */
import type { Browser } from '@playwright/test';

const PHOTO_WIDTH = 4000;
const PHOTO_HEIGHT = 3000;

export async function makeCameraJpeg(browser: Browser, width = PHOTO_WIDTH, height = PHOTO_HEIGHT): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const base64 = await page.evaluate(
      async ([w, h]) => {
        const canvas = new OffscreenCanvas(w, h);
        const ctx = canvas.getContext('2d')!;
        const gradient = ctx.createLinearGradient(0, 0, w, h);
        gradient.addColorStop(0, '#1d6fb8');
        gradient.addColorStop(0.5, '#7a9a4a');
        gradient.addColorStop(1, '#f2b33d');
        ctx.fillStyle = gradient;
        ctx.fillRect(0, 0, w, h);
        // Noise, as a sensor gives: tiles of random pixels blended over the gradient.
        const tile = ctx.createImageData(256, 256);
        let seed = 42;
        for (let i = 0; i < tile.data.length; i += 4) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          const v = seed & 0xff;
          tile.data[i] = v;
          tile.data[i + 1] = (v * 7) & 0xff;
          tile.data[i + 2] = (v * 13) & 0xff;
          tile.data[i + 3] = 40;
        }
        const noise = new OffscreenCanvas(256, 256);
        noise.getContext('2d')!.putImageData(tile, 0, 0);
        for (let y = 0; y < h; y += 256) for (let x = 0; x < w; x += 256) ctx.drawImage(noise, x, y);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) {
          binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        }
        return btoa(binary);
      },
      [width, height] as const,
    );
    return Buffer.from(base64, 'base64');
  } finally {
    await page.close();
  }
}
