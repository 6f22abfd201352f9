import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterInputPause } from './input-pause.ts';

/** The page's window as far as the helper uses it: a real EventTarget, its inputs dispatched as the browser does. */
let page: EventTarget;

beforeEach(() => {
  vi.useFakeTimers();
  page = new EventTarget();
  vi.stubGlobal('window', page);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const input = (type: string) => page.dispatchEvent(new Event(type));

describe('afterInputPause', () => {
  it('runs once the page has had no input for the quiet time', () => {
    const run = vi.fn();
    afterInputPause(run, 700);
    vi.advanceTimersByTime(699);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'click', 'keydown', 'wheel'])('starts the wait again on a %s', (type) => {
    const run = vi.fn();
    afterInputPause(run, 700);
    vi.advanceTimersByTime(500);
    input(type);
    vi.advanceTimersByTime(500);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('is not kept waiting by what is not the driver’s input', () => {
    const run = vi.fn();
    afterInputPause(run, 700);
    vi.advanceTimersByTime(500);
    input('scroll');
    input('resize');
    vi.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, and stops listening', () => {
    const run = vi.fn();
    const remove = vi.spyOn(page, 'removeEventListener');
    const cancel = afterInputPause(run, 700);
    vi.advanceTimersByTime(300);
    cancel();
    input('pointerdown');
    vi.advanceTimersByTime(5_000);
    expect(run).not.toHaveBeenCalled();
    expect(remove.mock.calls.map(([type]) => type)).toEqual(['pointerdown', 'click', 'keydown', 'wheel']);
  });
});
