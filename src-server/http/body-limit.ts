/**
 * A request body over the limit is refused (413), but only once it has been read to its end: answering while the
 * client still sends, and closing the connection, makes most clients report a broken pipe (EPIPE, a reset) instead of
 * the 413, and a phone would take the refusal for a dead line and send the same body again and again. So the rest of
 * the body is read and thrown away first, up to DRAIN_FACTOR times the limit; a body declared or sent past that is cut
 * off as before (its sender is no app of ours).
 */
import type { IncomingMessage } from 'node:http';

const DRAIN_FACTOR = 4;

/** Reads what is left of `raw` without keeping it: true once it has ended, false when cut at the bound. */
export function drainBody(raw: IncomingMessage, limit: number): Promise<boolean> {
  if (raw.complete || raw.readableEnded) return Promise.resolve(true);
  const bound = DRAIN_FACTOR * limit;
  if (Number(raw.headers['content-length']) > bound || raw.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (ended: boolean) => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > bound) {
        raw.pause();
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('close', onClose);
    raw.on('error', onClose);
    raw.resume();
  });
}
