import { describe, expect, it } from 'vitest';
import { type CatchUpPin, drawnAfterCatchUp } from './use-held-while.ts';

/** The map's data as values: A before the window, B what changed under it, C a later patch. */
const A = { activeStopId: 1 };
const B = { activeStopId: 2 };
const C = { activeStopId: 3 };

/** Renders in order, each with what useHeldWhile and useDeferredValue gave it; the drawn value of each. */
function drawnOver(renders: { data: object; deferred: object; catchingUp: boolean }[]): object[] {
  let pin: CatchUpPin<object> | null = null;
  return renders.map((render) => {
    const next = drawnAfterCatchUp(pin, render);
    pin = next.pin;
    return next.drawn;
  });
}

describe('drawnAfterCatchUp', () => {
  it('draws the deferred value when nothing was caught up', () => {
    expect(
      drawnOver([
        { data: A, deferred: A, catchingUp: false },
        { data: B, deferred: A, catchingUp: false },
        { data: B, deferred: B, catchingUp: false },
      ]),
    ).toEqual([A, A, B]);
  });

  it('keeps the caught-up value through an urgent render before the deferred one (no flight back to A)', () => {
    expect(
      drawnOver([
        { data: A, deferred: A, catchingUp: false },
        // Uncovered: B is taken at once, with its jump; React's deferred value is still A.
        { data: B, deferred: A, catchingUp: true },
        // A patch, the drawer: an urgent render, the deferred value still A.
        { data: B, deferred: A, catchingUp: false },
        // The deferred render.
        { data: B, deferred: B, catchingUp: false },
      ]),
    ).toEqual([A, B, B, B]);
  });

  it('after a catch-up, a newer value comes deferred as usual, never the one before the jump', () => {
    const drawn = drawnOver([
      { data: B, deferred: A, catchingUp: true },
      // C arrives before the deferred value has moved: B stays drawn.
      { data: C, deferred: A, catchingUp: false },
      // The deferred value skips B for C: C is drawn.
      { data: C, deferred: C, catchingUp: false },
      { data: C, deferred: C, catchingUp: false },
    ]);
    expect(drawn).toEqual([B, B, C, C]);
    expect(drawn).not.toContain(A);
  });

  it('a catch-up whose deferred value had caught up already draws the same as the deferred one after', () => {
    expect(
      drawnOver([
        { data: B, deferred: B, catchingUp: true },
        { data: C, deferred: B, catchingUp: false },
        { data: C, deferred: C, catchingUp: false },
      ]),
    ).toEqual([B, B, C]);
  });
});
