/**
 * Chromium's fake camera fed with real barcodes (issue 19): the labels are drawn by bwip-js (tests/helpers/barcodes.ts)
 * into the frames of a Y4M video, which Chromium plays in a loop as the camera's picture when launched with
 * `--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>`. Written when the spec loads, before
 * its browser starts.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM } from '../../playwright.config.ts';
import { type CodeKind, codeImage, onFrame, type Pixels } from '../../tests/helpers/barcodes.ts';

const WIDTH = 640;
const HEIGHT = 480;
const FPS = 10;

/** One label in view for `seconds`, or none (an empty table) when `code` is null. */
export interface Shot {
  code: { kind: CodeKind; text: string; degrees?: number } | null;
  seconds: number;
}

/** A frame as YUV 4:2:0: the labels are grey, so the luma is the picture and the chroma planes are neutral. */
function yuvFrame(pixels: Pixels): Buffer {
  const luma = Buffer.alloc(WIDTH * HEIGHT);
  for (let i = 0; i < luma.length; i++) luma[i] = pixels.data[i * 4]!;
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  return Buffer.concat([Buffer.from('FRAME\n', 'latin1'), luma, chroma]);
}

/** Writes the video into the temporary folder and answers its path. */
export function writeCameraVideo(name: string, shots: Shot[]): string {
  const blank = { width: 1, height: 1, data: new Uint8ClampedArray([255, 255, 255, 255]) };
  const frames: Buffer[] = [Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`, 'latin1')];
  for (const shot of shots) {
    const image = shot.code
      ? codeImage(shot.code.kind, shot.code.text, {
          scale: shot.code.kind === 'qrcode' ? 6 : 3,
          degrees: shot.code.degrees,
        })
      : blank;
    const frame = yuvFrame(onFrame(image, WIDTH, HEIGHT));
    for (let i = 0; i < Math.round(shot.seconds * FPS); i++) frames.push(frame);
  }
  const file = join(tmpdir(), `droplane-${name}-${process.pid}.y4m`);
  writeFileSync(file, Buffer.concat(frames));
  return file;
}

/** Chromium's flags that make the video the camera, with no permission prompt. */
export const fakeCameraArgs = (file: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
];

/** Writes the video and answers the e2e launch options that make it the camera. */
export function fakeCamera(name: string, shots: Shot[]) {
  return { ...CHROMIUM, args: [...CHROMIUM.args, ...fakeCameraArgs(writeCameraVideo(name, shots))] };
}
