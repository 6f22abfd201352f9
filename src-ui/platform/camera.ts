/**
 * The rear camera for scanning parcels (issue 19), a browser API that stays in the platform layer: opens the stream
 * into a video element, switches the torch where the device has one, and grabs frames as ImageBitmaps for the core to
 * decode (transferred, so no copy crosses to the worker).
 */

export interface CameraSession {
  /** The device reports a torch it can switch (MediaTrackCapabilities.torch). */
  hasTorch: boolean;
  setTorch(on: boolean): Promise<boolean>;
  /** The current picture, at most MAX_FRAME_SIDE on its long side; null before the first frame. */
  grab(): Promise<ImageBitmap | null>;
  /** Resolves at the next new picture of the stream. */
  nextFrame(): Promise<void>;
  stop(): void;
}

/** Labels read well at this size; a larger frame costs the decoder more than it gains. */
const MAX_FRAME_SIDE = 1280;

interface TorchCapabilities extends MediaTrackCapabilities {
  torch?: boolean;
}

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: () => void) => number;
};

export async function openRearCamera(video: HTMLVideoElement): Promise<CameraSession> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
  const [track] = stream.getVideoTracks();
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => undefined);
  const capabilities = (track?.getCapabilities?.() ?? {}) as TorchCapabilities;

  return {
    hasTorch: capabilities.torch === true,
    async setTorch(on) {
      if (!track) return false;
      try {
        await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
        return true;
      } catch {
        return false;
      }
    },
    async grab() {
      const { videoWidth: width, videoHeight: height } = video;
      if (!width || !height || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return null;
      const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(width, height));
      return createImageBitmap(video, {
        resizeWidth: Math.round(width * scale),
        resizeHeight: Math.round(height * scale),
      });
    },
    nextFrame() {
      const withCallback = video as FrameCallbackVideo;
      return new Promise((resolve) => {
        if (withCallback.requestVideoFrameCallback) withCallback.requestVideoFrameCallback(() => resolve());
        else requestAnimationFrame(() => resolve());
      });
    },
    stop() {
      for (const t of stream.getTracks()) t.stop();
      video.srcObject = null;
    },
  };
}

/** A short buzz for a match, where the device vibrates (and the driver's settings allow: the browser decides). */
export function buzz(): void {
  navigator.vibrate?.(60);
}
