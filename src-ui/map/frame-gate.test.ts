import { describe, expect, it } from 'vitest';
import { type AnimationFrames, FrameGate } from './frame-gate.ts';

/** The browser's animation frames, run by hand: `frame()` runs what was asked for, as one frame does. */
class ManualFrames implements AnimationFrames {
  private readonly asked = new Map<number, FrameRequestCallback>();
  private lastId = 100;
  cancelled = 0;
  requestAnimationFrame(callback: FrameRequestCallback) {
    this.asked.set(++this.lastId, callback);
    return this.lastId;
  }
  cancelAnimationFrame(id: number) {
    if (this.asked.delete(id)) this.cancelled++;
  }
  get pending() {
    return this.asked.size;
  }
  frame(time = 0) {
    const now = [...this.asked.values()];
    this.asked.clear();
    for (const callback of now) callback(time);
  }
}

/** maplibre's frame request as its Map does it (map.ts triggerRepaint): one AbortController per asked frame. */
class FakeMap {
  _frameRequest: AbortController = null as unknown as AbortController;
  renders = 0;
  constructor(private readonly browser: ManualFrames) {}
  redraw() {
    this._frameRequest?.abort();
    this._frameRequest = null as unknown as AbortController;
    this.renders++;
    return this;
  }
  triggerRepaint() {
    if (this._frameRequest) return;
    const request = new AbortController();
    this._frameRequest = request;
    const id = this.browser.requestAnimationFrame(() => {
      this._frameRequest = null as unknown as AbortController;
      this.renders++;
    });
    request.signal.addEventListener('abort', () => this.browser.cancelAnimationFrame(id));
  }
}

function setUp() {
  const browser = new ManualFrames();
  const gate = new FrameGate(browser);
  const map = new FakeMap(browser);
  gate.steer(map);
  return { browser, gate, map };
}

describe('FrameGate', () => {
  it('lets both maps draw in the next frame while nothing holds it', () => {
    const { browser, gate, map } = setUp();
    const overlayFrames: number[] = [];
    gate.overlayFrameProvider.requestAnimationFrame((time) => overlayFrames.push(time));
    map.triggerRepaint();
    browser.frame(16);
    expect(overlayFrames).toEqual([16]);
    expect(map.renders).toBe(1);
  });

  it('takes back the frames already asked for when a hold starts, and asks for them once it ends', () => {
    const { browser, gate, map } = setUp();
    let overlayRuns = 0;
    gate.overlayFrameProvider.requestAnimationFrame(() => overlayRuns++);
    map.triggerRepaint();
    const release = gate.hold('input');
    expect(browser.pending).toBe(0);
    browser.frame();
    expect([overlayRuns, map.renders]).toEqual([0, 0]);
    release();
    browser.frame();
    expect([overlayRuns, map.renders]).toEqual([1, 1]);
  });

  it('draws the map once on release, however many frames it asked for while held', () => {
    const { browser, gate, map } = setUp();
    const release = gate.hold('covered');
    for (let tile = 0; tile < 5; tile++) {
      map.triggerRepaint();
      browser.frame();
    }
    expect(map.renders).toBe(0);
    release();
    browser.frame();
    browser.frame();
    expect(map.renders).toBe(1);
  });

  it("turns maplibre's drawing at once (a resize) into a frame after the hold", () => {
    const { browser, gate, map } = setUp();
    map.redraw();
    expect(map.renders).toBe(1);
    const release = gate.hold('covered');
    map.redraw();
    expect(map.renders).toBe(1);
    release();
    browser.frame();
    expect(map.renders).toBe(2);
  });

  it('opens only when every reason has ended', () => {
    const { browser, gate, map } = setUp();
    const uncover = gate.hold('covered');
    const inputDone = gate.hold('input');
    map.triggerRepaint();
    uncover();
    browser.frame();
    expect(gate.held).toBe(true);
    expect(map.renders).toBe(0);
    inputDone();
    browser.frame();
    expect(map.renders).toBe(1);
  });

  it('counts a reason once: a second hold for it neither extends nor ends the first', () => {
    const { gate } = setUp();
    const release = gate.hold('input');
    const again = gate.hold('input');
    again();
    expect(gate.held).toBe(true);
    release();
    expect(gate.held).toBe(false);
  });

  it('drops an overlay frame cancelled while held', () => {
    const { browser, gate } = setUp();
    const release = gate.hold('input');
    let runs = 0;
    const id = gate.overlayFrameProvider.requestAnimationFrame(() => runs++);
    gate.overlayFrameProvider.cancelAnimationFrame(id);
    release();
    browser.frame();
    expect(runs).toBe(0);
    expect(browser.pending).toBe(0);
  });

  it('gives the map back its own frame requests once unsteered', () => {
    const browser = new ManualFrames();
    const gate = new FrameGate(browser);
    const map = new FakeMap(browser);
    const unsteer = gate.steer(map);
    unsteer();
    gate.hold('covered');
    map.triggerRepaint();
    browser.frame();
    expect(map.renders).toBe(1);
  });
});
