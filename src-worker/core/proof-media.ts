/**
 * The intents for a stop's proofs: a photo resized and kept by handle (prepared-photos.ts), stored proof images
 * fetched with the session's token, the barcodes in a camera frame, and all their code loaded ahead (stop-code.ts).
 * Each loads its code on first use: most starts need none of it. What it keeps of the driver goes at sign-out.
 */
import { fail, ok, type WorkerApi } from '../../src-shared/api/worker-api.ts';
import { isPhotoHandle, type PreparedPhotos } from '../media/prepared-photos.ts';
import type { ApiClient } from '../net/api-client.ts';
import type { FrameDecoderDeps } from '../scan/frame-decoder.ts';

type ProofIntents = Pick<WorkerApi, 'preparePhoto' | 'loadImage' | 'decodeBarcodes' | 'loadStopCode'>;

export interface ProofMediaDeps {
  photos: PreparedPhotos;
  api: () => ApiClient;
  now: () => number;
  decoder: FrameDecoderDeps;
}

export interface ProofMedia {
  intents: ProofIntents;
  /** The session ended: its photos and stored images leave memory. */
  forget(): void;
}

export function createProofMedia(deps: ProofMediaDeps): ProofMedia {
  const { photos } = deps;
  /** Stored proof images load on first use (its code too): most starts show none. */
  let proofImages: Promise<ReturnType<typeof import('../media/proof-images.ts')['createProofImages']>> | null = null;
  let frames: Promise<ReturnType<typeof import('../scan/frame-decoder.ts')['createFrameDecoder']>> | null = null;

  const intents: ProofIntents = {
    async preparePhoto(file) {
      const media = await import('../media/photo.ts');
      if (!media.isPhotoType(file.type)) return fail('unsupported_file', file.type);
      try {
        const photo = await media.resizePhoto(file as Blob);
        return ok({
          // Taken when the driver chose it: the camera's photo reaches the core at once.
          handle: photos.put(photo.blob, deps.now()),
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
      proofImages ??= import('../media/proof-images.ts').then((m) => m.createProofImages(deps.api));
      return (await proofImages).load(url);
    },

    async decodeBarcodes(frame) {
      frames ??= import('../scan/frame-decoder.ts').then((m) => m.createFrameDecoder(deps.decoder));
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
