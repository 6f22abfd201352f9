/**
 * The worker's barcode decoder (issue 19) on images of real codes made with bwip-js: EAN-13, Code 128 and QR, straight,
 * rotated and blurred, read through the core's decodeBarcodes over a MessageChannel (the pixels cloned as the UI's
 * frames are), with zxing-wasm as on a browser without BarcodeDetector. The native engine is checked with a stand-in
 * detector, since Node has none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBarcodeDecoder } from '../../src-worker/scan/barcode-decoder.ts';
import { codeImage, onFrame } from '../helpers/barcodes.ts';
import { type CoreHarness, startCore } from '../helpers/core.ts';
import { loadNodeReader } from '../helpers/zxing.ts';

/** A core with no server (decoding asks none), and how often it loaded zxing-wasm's reader. */
async function decodingCore() {
  let loads = 0;
  const core = await startCore({
    baseUrl: 'http://127.0.0.1:9',
    openWebSocket: null,
    loadBarcodeReader: () => {
      loads++;
      return loadNodeReader();
    },
  });
  return { core, loads: () => loads };
}

let core: CoreHarness;
beforeAll(async () => {
  ({ core } = await decodingCore());
});
afterAll(() => core.close());

const decode = async (frame: ReturnType<typeof codeImage>) => {
  const result = await core.api.decodeBarcodes(frame);
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

describe('decoding camera frames in the core', () => {
  it.each([
    ['EAN-13', codeImage('ean13', '4006381333931'), '4006381333931', 'EAN13'],
    ['Code 128', codeImage('code128', '3SDRL0123456789'), '3SDRL0123456789', 'Code128'],
    ['QR', codeImage('qrcode', 'PKG-7F3A-0042', { scale: 4 }), 'PKG-7F3A-0042', 'QRCode'],
    ['a Code 128 turned 90°', codeImage('code128', 'JJD0099887766', { degrees: 90 }), 'JJD0099887766', 'Code128'],
    ['a QR code turned 30°', codeImage('qrcode', 'PKG-ROT-30', { scale: 4, degrees: 30 }), 'PKG-ROT-30', 'QRCode'],
    ['an upside-down EAN-13', codeImage('ean13', '8712345678906', { degrees: 180 }), '8712345678906', 'EAN13'],
    [
      'a blurred EAN-13 (a 3-pixel blur on 4-pixel bars)',
      codeImage('ean13', '5901234123457', { scale: 4, blurRadius: 1 }),
      '5901234123457',
      'EAN13',
    ],
  ])('%s', async (_name, image, text, format) => {
    const codes = await decode(onFrame(image, 640, 480));
    expect(codes).toEqual([{ text, format }]);
  });

  it('reads two labels in one frame, and nothing in an empty one', async () => {
    const left = codeImage('code128', 'LEFT-0001', { scale: 2 });
    const right = codeImage('qrcode', 'RIGHT-0002', { scale: 3 });
    const frame = onFrame(left, 800, 400);
    const placed = onFrame(right, 800, 400);
    // The QR code goes to the right edge: copy its non-white pixels 250 px to the right of the centre.
    for (let y = 0; y < 400; y++)
      for (let x = 0; x < 800 - 250; x++) {
        const from = (y * 800 + x) * 4;
        if (placed.data[from] === 0) frame.data.set([0, 0, 0, 255], from + 250 * 4);
      }
    const texts = (await decode(frame)).map((c) => c.text).sort();
    expect(texts).toEqual(['LEFT-0001', 'RIGHT-0002']);
    expect(await decode(onFrame(codeImage('ean13', '4006381333931'), 10, 10))).toEqual([]);
  });

  it('a label blurred across whole bars reads as nothing, not as a wrong code', async () => {
    const smeared = codeImage('ean13', '5901234123457', { scale: 4, blurRadius: 2 });
    expect(await decode(onFrame(smeared, 640, 480))).toEqual([]);
  });

  it('loads zxing-wasm once, on the first frame', async () => {
    // A core of its own: what the other tests decoded (in any order, or not at all with -t) does not count.
    const fresh = await decodingCore();
    try {
      expect(fresh.loads()).toBe(0);
      // The camera's first two frames arrive together: one load serves both.
      const answers = await Promise.all([
        fresh.core.api.decodeBarcodes(onFrame(codeImage('ean13', '4006381333931'), 640, 480)),
        fresh.core.api.decodeBarcodes(onFrame(codeImage('code128', '3SDRL0123456789'), 640, 480)),
      ]);
      expect(answers.map((a) => a.ok && a.value.map((c) => c.text))).toEqual([['4006381333931'], ['3SDRL0123456789']]);
      expect(fresh.loads()).toBe(1);
      expect(
        await fresh.core.api.decodeBarcodes(onFrame(codeImage('qrcode', 'PKG-1', { scale: 4 }), 640, 480)),
      ).toEqual({
        ok: true,
        value: [{ text: 'PKG-1', format: 'QRCode' }],
      });
      expect(fresh.loads()).toBe(1);
    } finally {
      await fresh.core.close();
    }
  });
});

describe('the decoder engine', () => {
  it('uses the browser BarcodeDetector where there is one, and closes each frame', async () => {
    let closed = 0;
    const decoder = createBarcodeDecoder({
      nativeDetector: async () => ({ detect: async () => [{ rawValue: '4006381333931', format: 'ean_13' }] }),
      loadReader: () => Promise.reject(new Error('zxing must not load')),
    });
    const bitmap = { width: 640, height: 480, close: () => closed++ };
    expect(await decoder.decode(bitmap)).toEqual([{ text: '4006381333931', format: 'ean_13' }]);
    expect(decoder.engine()).toBe('native');
    expect(closed).toBe(1);
  });

  it('tries the reader again after a failed load (a first use with no network)', async () => {
    let attempts = 0;
    const decoder = createBarcodeDecoder({
      loadReader: async () => {
        if (++attempts === 1) throw new Error('offline');
        return async () => [{ text: 'X', format: 'QRCode' }];
      },
    });
    const frame = codeImage('qrcode', 'X');
    await expect(decoder.decode(frame)).rejects.toThrow('offline');
    expect(await decoder.decode(frame)).toEqual([{ text: 'X', format: 'QRCode' }]);
    expect(decoder.engine()).toBe('wasm');
  });
});
