/**
 * The intents for a stop's proofs: a photo resized and kept by handle (prepared-photos.ts), stored proof images
 * fetched with the session's token, the barcodes in a camera frame, and all their code loaded ahead (stop-code.ts).
 * Each loads its code on first use: most starts need none of it. What it keeps of the driver goes at sign-out.
 */
import { fail, ok, type WorkerApi } from '../../src-shared/api/worker-api.ts';
import type { CoreContext } from '../core-context.ts';
import { isPhotoHandle, type PreparedPhotos } from '../media/prepared-photos.ts';
import type { ProofImages } from '../media/proof-images.ts';
import type { FrameDecoder } from '../scan/frame-decoder.ts';
import type { WorkerDeps } from './worker-deps.ts';

type ProofIntents = Pick<WorkerApi, 'preparePhoto' | 'loadImage' | 'decodeBarcodes' | 'loadStopCode'>;

export interface ProofMedia {
  /** The contract's proof intents (preparePhoto, loadImage, decodeBarcodes, loadStopCode). */
  intents: ProofIntents;
  /** The session ended: its photos and stored images leave memory. */
  forget(): void;
}

/** `decoder`: the platform's barcode parts (WorkerDeps), for the frame decoder made with the first frame. */
export function createProofMedia(
  core: Pick<CoreContext, 'api' | 'now'>,
  photos: PreparedPhotos,
  decoder: Pick<WorkerDeps, 'barcodeScope' | 'loadBarcodeReader'>,
): ProofMedia {
  /** Stored proof images load on first use (its code too): most starts show none. */
  let proofImages: Promise<ProofImages> | null = null;
  let frames: Promise<FrameDecoder> | null = null;

  const intents: ProofIntents = {
    async preparePhoto(file) {
      const media = await import('../media/photo.ts');
      if (!media.isPhotoType(file.type)) return fail('unsupported_file', file.type);
      try {
        const photo = await media.resizePhoto(file as Blob);
        return ok({
          // Taken when the driver chose it: the camera's photo reaches the core at once.
          handle: photos.put(photo.blob, core.now()),
          width: photo.width,
          height: photo.height,
          bytes: photo.blob.size,
        });
      } catch {
        return fail('unsupported_file', file.type);
      }
    },

    async loadImage(url) {
      if (isPhotoHandle(url)) {
        const photo = photos.get(url);
        return photo ? ok(photo) : fail('not_found', url);
      }
      proofImages ??= import('../media/proof-images.ts').then((m) => m.createProofImages(core.api));
      return (await proofImages).load(url);
    },

    async decodeBarcodes(frame) {
      frames ??= import('../scan/frame-decoder.ts').then((m) => m.createFrameDecoder(decoder));
      return (await frames)(frame);
    },

    loadStopCode: () =>
      import('./stop-code.ts').then(
        (m) => m.loadStopCode(),
        () => fail('offline'),
      ),
  };

  return {
    intents,
    forget() {
      void proofImages?.then((images) => images.clear());
      photos.clear();
    },
  };
}
