/**
 * Work that can wait for the page to be idle (requestIdleCallback), at most `timeoutMs`; where the browser has no
 * idle callbacks (Safari before 18), a timer of the same length. Returns the cancel, for an effect's cleanup.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(work, timeoutMs);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(() => work(), { timeout: timeoutMs });
  return () => cancelIdleCallback(id);
}
