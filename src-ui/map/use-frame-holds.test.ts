import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameGate } from './frame-gate.ts';
import { holdOnTaps } from './use-frame-holds.ts';

/** The page's window as far as the holds use it: a real EventTarget, inputs dispatched as the browser does. */
let page: EventTarget;
/** The map's element: a touch whose target is this is the map's own. */
const mapElement = new EventTarget();

beforeEach(() => {
  vi.useFakeTimers();
  page = new EventTarget();
  vi.stubGlobal('window', page);
  // A page that paints no frame here: the next paint is the helper's own timer (after-paint.ts).
  vi.stubGlobal('requestAnimationFrame', () => 0);
  vi.stubGlobal('cancelAnimationFrame', () => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** An input at `target`, dispatched on the window as a capture listener there sees it. */
function input(type: string, target: EventTarget = new EventTarget()) {
  const event = new Event(type);
  Object.defineProperty(event, 'target', { value: target });
  page.dispatchEvent(event);
}

function setUp() {
  const gate = new FrameGate({ requestAnimationFrame: () => 1, cancelAnimationFrame: () => {} });
  const stop = holdOnTaps(gate, (target) => target === mapElement);
  return { gate, stop };
}

describe('holdOnTaps', () => {
  it('holds the map from a touch elsewhere until the page has been quiet and has painted', () => {
    const { gate } = setUp();
    input('pointerdown');
    expect(gate.held).toBe(true);
    input('click');
    vi.advanceTimersByTime(149);
    expect(gate.held).toBe(true);
    // The quiet time, then the paint's fallback timer.
    vi.advanceTimersByTime(1 + 100);
    expect(gate.held).toBe(false);
  });

  it('keeps one hold through a run of quick taps', () => {
    const { gate } = setUp();
    for (let tap = 0; tap < 5; tap++) {
      input('pointerdown');
      vi.advanceTimersByTime(100);
      expect(gate.held).toBe(true);
    }
    vi.advanceTimersByTime(250);
    expect(gate.held).toBe(false);
  });

  it('leaves a touch on the map itself to the map (a pan, a pinch, its controls)', () => {
    const { gate } = setUp();
    input('pointerdown', mapElement);
    expect(gate.held).toBe(false);
  });

  it('does not hold for keys', () => {
    const { gate } = setUp();
    input('keydown');
    expect(gate.held).toBe(false);
  });

  it('lets go of a hold under way when stopped', () => {
    const { gate, stop } = setUp();
    input('pointerdown');
    stop();
    expect(gate.held).toBe(false);
    input('pointerdown');
    expect(gate.held).toBe(false);
  });
});
