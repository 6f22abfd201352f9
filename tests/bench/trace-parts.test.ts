/**
 * Reading a page's trace into taps and work (bench/app/trace-parts.ts), on hand-made traces: the clock taken from
 * Event Timing, a touch tap split into what it waited for, and work summed once where events nest.
 */
import { describe, expect, it } from 'vitest';
import {
  actionOf,
  type RawTraceEvent,
  readTrace,
  skippedDraws,
  splitTap,
  workBetween,
} from '../../bench/app/trace-parts.ts';

const MAIN = { pid: 1, tid: 1 };
/** The trace's clock starts 1,000 s before the page's time origin. */
const ORIGIN_US = 1_000_000_000;
const us = (pageMs: number) => ORIGIN_US + pageMs * 1000;

function input(type: string, id: number, at: number, enqueued: number, start: number, end: number, duration: number) {
  return {
    ...MAIN,
    name: 'EventTiming',
    ph: 'b',
    ts: us(at),
    args: {
      data: {
        type,
        interactionId: id,
        timeStamp: at,
        enqueuedToMainThreadTime: enqueued,
        processingStart: start,
        processingEnd: end,
        duration,
      },
    },
  } satisfies RawTraceEvent;
}

const complete = (name: string, from: number, to: number, where = MAIN): RawTraceEvent => ({
  ...where,
  name,
  ph: 'X',
  ts: us(from),
  dur: (to - from) * 1000,
});

/** A tap at 100 ms: the main thread busy until 130, the tap queued at 150 and run in a task from 155. */
const TAP = [
  input('pointerdown', 7, 100, 105, 130, 134, 40),
  input('pointerup', 7, 101, 105, 136, 140, 40),
  input('click', 7, 101, 150, 175, 180, 96),
];

describe('readTrace', () => {
  it('groups the inputs of one interaction into a tap on the page clock, and keeps the main thread only', () => {
    const trace = readTrace({
      traceEvents: [
        input('pointerover', 0, 90, 92, 93, 94, 8),
        ...TAP,
        complete('RunTask', 60, 130),
        complete('RunTask', 60, 500, { pid: 1, tid: 2 }),
      ],
    });
    expect(trace.taps).toHaveLength(1);
    expect(trace.taps[0]!.start).toBe(100);
    expect(trace.taps[0]!.inputs.map((i) => i.type)).toEqual(['pointerdown', 'pointerup', 'click']);
    expect(trace.tasks).toEqual([{ name: 'RunTask', start: 60, end: 130 }]);
  });

  it('refuses a trace without Event Timing', () => {
    expect(() => readTrace([complete('RunTask', 0, 10)])).toThrow(/Event Timing/);
  });
});

describe('splitTap', () => {
  it('splits the click into the waits before it', () => {
    const trace = readTrace([...TAP, complete('RunTask', 60, 130), complete('RunTask', 155, 185)]);
    expect(splitTap(trace.taps[0]!, trace.tasks)).toEqual({
      busyBefore: 30,
      touch: 10,
      roundTrip: 10,
      queued: 5,
      compatAndFocus: 20,
      handlers: 5,
      paint: 16,
      total: 96,
    });
  });

  it('answers null for an interaction that was no touch tap (a key press)', () => {
    const trace = readTrace([input('keydown', 3, 10, 11, 12, 13, 20), input('keyup', 3, 30, 31, 32, 33, 20)]);
    expect(splitTap(trace.taps[0]!, trace.tasks)).toBeNull();
  });
});

describe('skippedDraws', () => {
  const VIZ = { pid: 2, tid: 5 };
  const draw = (name: string, at: number): RawTraceEvent => ({ ...VIZ, name, ph: 'I', ts: us(at) });

  it("counts the display's draws skipped from the click's end to the frame that answered the tap, no others", () => {
    // The click's handlers end at 180; the tap ends at 101 + 96 = 197, with the frame displayed at 196.
    const trace = readTrace([
      ...TAP,
      draw('Draw skipped.', 170),
      draw('Draw skipped.', 181),
      draw('Draw skipped.', 190),
      draw('Display::FrameDisplayed', 196),
      draw('Draw skipped.', 205),
    ]);
    expect(trace.draws.map((d) => d.drawn)).toEqual([false, false, false, true, false]);
    expect(skippedDraws(trace.taps[0]!, trace.draws)).toBe(2);
  });

  it('counts none for an interaction without a click', () => {
    const trace = readTrace([input('keydown', 3, 10, 11, 12, 13, 20), draw('Draw skipped.', 20)]);
    expect(skippedDraws(trace.taps[0]!, trace.draws)).toBe(0);
  });
});

describe('actionOf', () => {
  it.each([
    [5, '?'],
    [10, 'arrived'],
    [25, 'addPhoto'],
    [45, 'done'],
    [61, 'arrived'],
  ])('at %i ms: %s', (at, action) => {
    expect(actionOf({ arrived: [10, 60], addPhoto: [20], done: [40] }, at)).toBe(action);
  });
});

describe('workBetween', () => {
  it("sums the work from an action's tap to the next tap's first handler, nested events once", () => {
    const next = [
      input('pointerdown', 8, 400, 401, 420, 421, 30),
      input('pointerup', 8, 401, 401, 422, 423, 30),
      input('click', 8, 401, 430, 431, 432, 40),
    ];
    const trace = readTrace([
      ...TAP,
      ...next,
      complete('RunTask', 200, 300),
      complete('UpdateLayoutTree', 200, 220),
      complete('Paint', 250, 280),
      complete('Paint', 255, 275),
      complete('RunTask', 410, 430),
      complete('Layout', 410, 430),
    ]);
    expect(workBetween(trace, { done: [95] }, 'done')).toEqual([
      // From the tap at 100 to the pointerdown's handler at 420: the second task counts up to there only.
      { span: 320, busy: 110, style: 20, layout: 10, paint: 30, other: 50 },
    ]);
  });
});
