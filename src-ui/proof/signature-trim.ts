/**
 * The signature image: the drawn area only, with some padding, on white (so it reads on any background the
 * dispatcher's tools show it on, and prints). Bounds are in the canvas's CSS pixels, like signature_pad's points.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** White space kept around the strokes, in CSS pixels. */
const SIGNATURE_PADDING = 16;

/**
 * The box around every point, grown by the widest stroke and the padding, kept inside the canvas; null when
 * nothing was drawn.
 */
export function signatureBounds(
  groups: ReadonlyArray<{ points: ReadonlyArray<{ x: number; y: number }>; maxWidth: number }>,
  canvas: { width: number; height: number },
  padding = SIGNATURE_PADDING,
): Box | null {
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  let stroke = 0;
  for (const group of groups) {
    if (group.points.length > 0) stroke = Math.max(stroke, group.maxWidth);
    for (const { x, y } of group.points) {
      left = Math.min(left, x);
      top = Math.min(top, y);
      right = Math.max(right, x);
      bottom = Math.max(bottom, y);
    }
  }
  if (!Number.isFinite(left)) return null;
  const grow = padding + stroke;
  const x = Math.max(0, Math.floor(left - grow));
  const y = Math.max(0, Math.floor(top - grow));
  const width = Math.min(canvas.width, Math.ceil(right + grow)) - x;
  const height = Math.min(canvas.height, Math.ceil(bottom + grow)) - y;
  if (width <= 0 || height <= 0) return null;
  return { x, y, width, height };
}

/** Copies `box` (CSS pixels) of a canvas drawn at `ratio` device pixels per CSS pixel into a white PNG. */
export function cropToPng(source: HTMLCanvasElement, box: Box, ratio: number): string {
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(box.width * ratio));
  out.height = Math.max(1, Math.round(box.height * ratio));
  const context = out.getContext('2d');
  if (!context) return source.toDataURL('image/png');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, out.width, out.height);
  context.drawImage(
    source,
    box.x * ratio,
    box.y * ratio,
    box.width * ratio,
    box.height * ratio,
    0,
    0,
    out.width,
    out.height,
  );
  return out.toDataURL('image/png');
}
