/**
 * signature_pad 5 on a canvas that fills its box: the bitmap follows the box's size and the device pixel ratio,
 * and the strokes are redrawn after a resize (a rotation, the keyboard opening), so nothing drawn is lost.
 */

import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { cropToPng, signatureBounds } from './signature-trim.ts';

/** Sharp on dense screens without huge bitmaps on the few with a ratio above 3. */
const MAX_RATIO = 3;

export interface SignaturePadControls {
  /** Something is drawn (Done may be enabled). */
  drawn: boolean;
  clear(): void;
  /** The drawn area as a white PNG data URL, or null when nothing is drawn. */
  toPng(): string | null;
}

export function useSignaturePad(canvasRef: RefObject<HTMLCanvasElement | null>): SignaturePadControls {
  const padRef = useRef<SignaturePad | null>(null);
  const ratioRef = useRef(1);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, {
      penColor: '#000000',
      backgroundColor: '#ffffff',
      minWidth: 1,
      maxWidth: 3,
    });
    padRef.current = pad;
    const onEnd = () => setDrawn(!pad.isEmpty());
    pad.addEventListener('endStroke', onEnd);

    let size = '';
    const fitCanvas = () => {
      const { width, height } = canvas.getBoundingClientRect();
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_RATIO);
      const next = `${Math.round(width)}x${Math.round(height)}@${ratio}`;
      if (width < 1 || height < 1 || next === size) return;
      size = next;
      const strokes = pad.toData();
      ratioRef.current = ratio;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length > 0) pad.fromData(strokes);
    };
    fitCanvas();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fitCanvas);
    observer?.observe(canvas);
    window.addEventListener('resize', fitCanvas);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fitCanvas);
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [canvasRef]);

  const clear = useCallback(() => {
    padRef.current?.clear();
    setDrawn(false);
  }, []);

  const toPng = useCallback(() => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas || pad.isEmpty()) return null;
    const ratio = ratioRef.current;
    const box = signatureBounds(pad.toData(), { width: canvas.width / ratio, height: canvas.height / ratio });
    return box ? cropToPng(canvas, box, ratio) : null;
  }, [canvasRef]);

  return { drawn, clear, toPng };
}
