import { describe, expect, it } from 'vitest';
import { createEventSeam } from './events.ts';

type TestEvent = { type: 'a/said'; text: string } | { type: 'b/counted'; count: number } | { type: 'c/none' };

describe('the event seam', () => {
  it('calls the listeners of an event’s type only, in the order they were added, with the event', () => {
    const seam = createEventSeam<TestEvent>();
    const heard: string[] = [];
    seam.on('a/said', ({ text }) => heard.push(`first ${text}`));
    seam.on('b/counted', ({ count }) => heard.push(`count ${count}`));
    seam.on('a/said', ({ text }) => heard.push(`second ${text}`));
    seam.emit({ type: 'a/said', text: 'hi' });
    expect(heard).toEqual(['first hi', 'second hi']);
    seam.emit({ type: 'b/counted', count: 2 });
    expect(heard).toEqual(['first hi', 'second hi', 'count 2']);
  });

  it('runs the listeners before emit returns', () => {
    const seam = createEventSeam<TestEvent>();
    let heard = false;
    seam.on('c/none', () => {
      heard = true;
    });
    seam.emit({ type: 'c/none' });
    expect(heard).toBe(true);
  });

  it('an event nobody listens to goes nowhere; a listener that stops hears no more', () => {
    const seam = createEventSeam<TestEvent>();
    const heard: number[] = [];
    seam.emit({ type: 'b/counted', count: 0 });
    const stop = seam.on('b/counted', ({ count }) => heard.push(count));
    seam.emit({ type: 'b/counted', count: 1 });
    stop();
    seam.emit({ type: 'b/counted', count: 2 });
    expect(heard).toEqual([1]);
  });

  it('a listener added or stopped during an event changes the next round, not this one', () => {
    const seam = createEventSeam<TestEvent>();
    const heard: string[] = [];
    const stopFirst = seam.on('a/said', ({ text }) => {
      heard.push(`first ${text}`);
      stopSecond();
      seam.on('a/said', ({ text: later }) => heard.push(`added ${later}`));
    });
    const stopSecond = seam.on('a/said', ({ text }) => heard.push(`second ${text}`));
    seam.emit({ type: 'a/said', text: '1' });
    expect(heard).toEqual(['first 1', 'second 1']);
    stopFirst();
    seam.emit({ type: 'a/said', text: '2' });
    expect(heard).toEqual(['first 1', 'second 1', 'added 2']);
  });

  it('a listener’s throw reaches the emitter, as a direct call’s would', () => {
    const seam = createEventSeam<TestEvent>();
    seam.on('c/none', () => {
      throw new Error('listener failed');
    });
    expect(() => seam.emit({ type: 'c/none' })).toThrow('listener failed');
  });
});
