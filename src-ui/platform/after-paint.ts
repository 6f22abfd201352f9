/**
 * After the browser has painted the current frame: a tap's pressed state shows before the next screen renders, and
 * the route's stops paint before the map's code runs (on a slow phone either takes longer than a frame). A hidden
 * page paints no frames, hence the timer as well: whichever comes first. Returns the cancel.
 */
export function afterNextPaint(run: () => void, latestMs = 100): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    cancelAnimationFrame(frame);
    run();
  };
  const timer = setTimeout(once, latestMs);
  const frame = requestAnimationFrame(() => setTimeout(once, 0));
  return () => {
    done = true;
    clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
}
