/**
 * The camera's scan loop (issue 19): opens the rear camera into a video element, and while the Scan screen is open
 * grabs a frame, has the core decode it off the main thread, reports each code, and waits for the next picture. One
 * frame is in flight at a time, so a slow phone decodes fewer frames per second rather than queueing them; a label
 * that stays in view is reported once every few seconds, not at every frame.
 */
import { transfer } from 'comlink';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useCore } from '../app/core-context.tsx';
import { type CameraSession, openRearCamera } from '../platform/camera.ts';

type CameraStatus = 'starting' | 'on' | 'failed';

/** A code seen again within this time is the same label still in view. */
const REPEAT_MS = 3000;

export interface Scanner {
  status: CameraStatus;
  hasTorch: boolean;
  torchOn: boolean;
  toggleTorch(): void;
}

export function useScanner(video: RefObject<HTMLVideoElement | null>, onCode: (text: string) => void): Scanner {
  const { api } = useCore();
  const [status, setStatus] = useState<CameraStatus>('starting');
  const [session, setSession] = useState<CameraSession | null>(null);
  const [torchOn, setTorchOn] = useState(false);
  const report = useRef(onCode);
  report.current = onCode;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let stopped = false;
    let camera: CameraSession | null = null;
    const seen = new Map<string, number>();
    // Frames decoded so far, on the video element: the benchmark reads it (frames per second while scanning).
    let decoded = 0;

    async function loop(cam: CameraSession, view: HTMLVideoElement) {
      while (!stopped) {
        await Promise.race([cam.nextFrame(), new Promise((r) => setTimeout(r, 250))]);
        if (stopped) break;
        const frame = await cam.grab().catch(() => null);
        if (!frame) continue;
        const result = await api.decodeBarcodes(transfer(frame, [frame as unknown as Transferable]));
        if (stopped || !result.ok) continue;
        view.dataset.decodedFrames = String(++decoded);
        const now = Date.now();
        for (const code of result.value) {
          if (now - (seen.get(code.text) ?? -Infinity) < REPEAT_MS) continue;
          seen.set(code.text, now);
          report.current(code.text);
        }
      }
    }

    openRearCamera(element).then(
      (cam) => {
        if (stopped) return cam.stop();
        camera = cam;
        setSession(cam);
        setStatus('on');
        void loop(cam, element);
      },
      () => {
        if (!stopped) setStatus('failed');
      },
    );
    return () => {
      stopped = true;
      camera?.stop();
    };
  }, [api, video]);

  return {
    status,
    hasTorch: session?.hasTorch ?? false,
    torchOn,
    toggleTorch() {
      if (!session) return;
      const next = !torchOn;
      void session.setTorch(next).then((done) => done && setTorchOn(next));
    },
  };
}
