/**
 * After the driver's hands have been off the page for a while: `run` once no touch, click, key or wheel has come
 * for `quietMs`, each input starting the wait again. For work that can wait until the driver stops tapping through
 * the app (the map's catch-up after a stop window: use-held-while.ts), so that a tap is never answered late because
 * of it. Listened to in the capture phase, so an element that stops an event's propagation cannot hide it. Returns
 * the cancel, for an effect's cleanup.
 */
const INPUTS = ['pointerdown', 'click', 'keydown', 'wheel'] as const;

export function afterInputPause(run: () => void, quietMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    for (const type of INPUTS) window.removeEventListener(type, restart, { capture: true });
  };
  function restart() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stop();
      run();
    }, quietMs);
  }
  for (const type of INPUTS) window.addEventListener(type, restart, { capture: true, passive: true });
  restart();
  return stop;
}
