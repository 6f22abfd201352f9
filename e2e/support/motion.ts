/**
 * Waiting for the page to stop moving, instead of a fixed pause (issue 46): a check that reads the page while a
 * sheet or the route view's drawer still slides reads a layout the driver never sees. axe's target-size rule once
 * found the map's "Track my location" button crowded by the drawer in mid-move, after a 350 ms pause that a busy
 * machine's late transition start outlasted.
 */
import type { Page } from '@playwright/test';

/**
 * Resolves once no finite CSS transition or animation runs in the document (a paused one does not count) and none has started over two frames
 * after that (a change made in a ResizeObserver or a frame callback starts its transition a frame late). Endless
 * animations (a spinner, the location dot's pulse) are not waited for: they never finish.
 */
export async function motionSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((drawn) => requestAnimationFrame(drawn));
    const moving = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    for (;;) {
      await frame();
      await frame();
      const running = moving();
      if (running.length === 0) return;
      // A transition replaced by another rejects its `finished`: the loop then waits for the new one.
      await Promise.all(running.map((a) => a.finished.catch(() => {})));
    }
  });
}
