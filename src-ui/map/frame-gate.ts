/**
 * When the map may draw (issue 32): maplibre and deck.gl each draw in animation frames of their own, and on a slow
 * phone one of their frames (a new tile's placement, a layer rebuild) takes longer than the driver's tap takes to be
 * answered. The gate holds both while anything asks it to: a stop window covers the map (nobody sees the frames), or
 * the driver's tap on the rest of the app is being answered (its frame paints first). Held, maplibre only notes that
 * it wants a frame and deck.gl's frames wait; released, the map draws once, with everything that came meanwhile
 * (tiles keep loading in maplibre's worker; a camera move resumes where its clock says: mapbox-gl-js#12625).
 *
 * deck.gl takes the gate as its animation loop's frame provider (luma.gl's `animationFrameProvider`): its layer
 * updates run in those frames too. maplibre takes it through its instance's `triggerRepaint`, which every frame it
 * asks for (camera moves, tiles, its own next frame) goes through.
 */
import type * as maplibregl from 'maplibre-gl';
import { MAP_HOLD_MARK, type MapHold } from './map-marks.ts';

/** Why the map holds still. */
export type HoldReason = MapHold['held'][number];

function markHolds(reasons: Set<HoldReason>) {
  performance.mark(MAP_HOLD_MARK, { detail: { held: [...reasons] } satisfies MapHold });
}

/** The browser's animation frames, as deck.gl's loop asks for them (a fake clock in tests). */
export interface AnimationFrames {
  requestAnimationFrame(callback: FrameRequestCallback): number;
  cancelAnimationFrame(id: number): void;
}

const browserFrames: AnimationFrames = {
  requestAnimationFrame: (callback) => requestAnimationFrame(callback),
  cancelAnimationFrame: (id) => cancelAnimationFrame(id),
};

/** The part of maplibre's map the gate steers: its frame request is public in its types, for this use. */
interface GatedMap {
  triggerRepaint(): void;
  redraw(): unknown;
  _frameRequest: maplibregl.Map['_frameRequest'];
}

export class FrameGate {
  private readonly reasons = new Set<HoldReason>();
  /** deck.gl's frames asked for and not yet run: by the id handed out, the browser's id while one is asked for. */
  private readonly overlayFrames = new Map<number, { callback: FrameRequestCallback; browserId: number | null }>();
  private lastId = 0;
  private map: GatedMap | null = null;
  private mapRepaint: (() => void) | null = null;
  private mapWantsFrame = false;

  constructor(private readonly browser: AnimationFrames = browserFrames) {}

  get held(): boolean {
    return this.reasons.size > 0;
  }

  /** deck.gl's frame provider: a frame asked for while held runs once the gate opens. */
  readonly overlayFrameProvider: AnimationFrames = {
    requestAnimationFrame: (callback) => {
      const id = ++this.lastId;
      const frame = { callback, browserId: null as number | null };
      this.overlayFrames.set(id, frame);
      if (!this.held) frame.browserId = this.askBrowser(id);
      return id;
    },
    cancelAnimationFrame: (id) => {
      const frame = this.overlayFrames.get(id);
      if (!frame) return;
      this.overlayFrames.delete(id);
      if (frame.browserId !== null) this.browser.cancelAnimationFrame(frame.browserId);
    },
  };

  /**
   * maplibre's frames go through the gate until the returned undo (the map's removal): those it asks for, and the
   * one it draws at once when its element's size changes (its ResizeObserver calls `redraw`), which while held
   * becomes a frame asked for.
   */
  steer(map: GatedMap): () => void {
    const own = { triggerRepaint: map.triggerRepaint, redraw: map.redraw };
    this.map = map;
    this.mapRepaint = () => own.triggerRepaint.call(map);
    map.triggerRepaint = () => {
      if (this.held) this.mapWantsFrame = true;
      else own.triggerRepaint.call(map);
    };
    map.redraw = () => {
      if (this.held) this.mapWantsFrame = true;
      else own.redraw.call(map);
      return map;
    };
    return () => {
      Object.assign(map, own);
      this.map = null;
      this.mapRepaint = null;
    };
  }

  /** Holds the map for `reason` until the returned release; holding for a reason already held adds nothing. */
  hold(reason: HoldReason): () => void {
    if (this.reasons.has(reason)) return () => {};
    const first = !this.held;
    this.reasons.add(reason);
    markHolds(this.reasons);
    if (first) this.withdrawFrames();
    return () => {
      if (!this.reasons.delete(reason)) return;
      markHolds(this.reasons);
      if (!this.held) this.resumeFrames();
    };
  }

  private askBrowser(id: number): number {
    return this.browser.requestAnimationFrame((time) => {
      const frame = this.overlayFrames.get(id);
      if (!frame) return;
      this.overlayFrames.delete(id);
      frame.callback(time);
    });
  }

  /** Frames already asked of the browser are taken back: one of them may be the frame the tap would wait for. */
  private withdrawFrames() {
    for (const frame of this.overlayFrames.values()) {
      if (frame.browserId === null) continue;
      this.browser.cancelAnimationFrame(frame.browserId);
      frame.browserId = null;
    }
    const request = this.map?._frameRequest;
    if (this.map && request) {
      // maplibre asks again only once this is cleared; its aborted frame's rejection is its own no-op.
      request.abort();
      this.map._frameRequest = null as unknown as AbortController;
      this.mapWantsFrame = true;
    }
  }

  private resumeFrames() {
    for (const [id, frame] of this.overlayFrames) frame.browserId ??= this.askBrowser(id);
    if (this.mapWantsFrame) {
      this.mapWantsFrame = false;
      this.mapRepaint?.();
    }
  }
}
