/**
 * What holds the map's frames (frame-gate.ts): a stop window over it, and each tap on the rest of the app
 * until its answer has painted. A touch on the map itself (a pan, a pinch, its controls) is the map's own, and is
 * drawn at once.
 */
import { type RefObject, useEffect } from 'react';
import { afterNextPaint } from '../platform/after-paint.ts';
import { afterInputPause } from '../platform/input-pause.ts';
import type { FrameGate } from './frame-gate.ts';

/**
 * How long after the driver's last tap the map may draw again (then after the next paint): long enough for
 * what the tap asked of the core to come back and paint first on a slow phone (a stop's Arrived, the next card),
 * short enough that a flight the tap started loses only its first frames.
 */
const INPUT_QUIET_MS = 150;

/** While `covered`, the map draws nothing. */
export function useCoverHold(gate: FrameGate, covered: boolean) {
  useEffect(() => (covered ? gate.hold('covered') : undefined), [gate, covered]);
}

/** From a touch outside `rootRef` until INPUT_QUIET_MS after the driver's last input and the next paint. */
export function useInputHold(gate: FrameGate, rootRef: RefObject<HTMLElement | null>) {
  useEffect(
    () => holdOnTaps(gate, (target) => target instanceof Node && (rootRef.current?.contains(target) ?? false)),
    [gate, rootRef],
  );
}

/**
 * useInputHold's listening, apart from React: each touch for which `onMap` is false holds the gate until the page
 * has had no input for INPUT_QUIET_MS and has painted since. Returns the stop (which lets go of a hold under way).
 */
export function holdOnTaps(gate: FrameGate, onMap: (target: EventTarget | null) => boolean): () => void {
  let release: (() => void) | null = null;
  let cancelWait = () => {};
  const onInput = (event: Event) => {
    if (release || onMap(event.target)) return;
    release = gate.hold('input');
    // The pause's own wait starts again on every later input, so one hold spans a run of quick taps.
    cancelWait = afterInputPause(() => {
      cancelWait = afterNextPaint(() => {
        release?.();
        release = null;
      });
    }, INPUT_QUIET_MS);
  };
  for (const type of HOLDING_INPUTS) window.addEventListener(type, onInput, { capture: true, passive: true });
  return () => {
    for (const type of HOLDING_INPUTS) window.removeEventListener(type, onInput, { capture: true });
    cancelWait();
    release?.();
  };
}

/**
 * A touch, a pen or a mouse button: the first event of a tap. Keys do not hold the map: a keyboard walk that held it
 * at every key found the snackbar over the newly focused row in 2 of 6 runs (e2e/a11y-keyboard.spec.ts; what follows
 * a focus move, the snackbar's re-placement and the list's scroll, met the held map's late draw), and a keyboard's
 * steps are not the quick taps this is for.
 */
const HOLDING_INPUTS = ['pointerdown'] as const;
