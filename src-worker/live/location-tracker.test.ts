import { describe, expect, it } from 'vitest';
import { LOCATION_INTERVAL_MS, WRAPPER_PRIORITY_MS } from '../../src-shared/domain/position-source.ts';
import type { LocationMessage } from '../../src-shared/protocol/socket.ts';
import { createLocationTracker } from './location-tracker.ts';

/** A tracker on a clock and timers the test moves by hand; what it sends on the socket is collected. */
function tracker() {
  let now = 1_000_000;
  let pending: { run: () => void; at: number } | null = null;
  const sent: LocationMessage['data'][] = [];
  const clock = {
    timers: {
      set: (run: () => void, ms: number) => {
        pending = { run, at: now + ms };
        return pending;
      },
      clear: () => {
        pending = null;
      },
    },
    now: () => now,
  };
  const t = createLocationTracker(clock, {
    send: (message) => {
      sent.push(message.data);
      return true;
    },
    patch: async () => {},
  });
  t.follow({ routeId: 1, projectId: 1 });
  return {
    t,
    sent,
    /** Moves the clock on by `ms`, running the timer when it comes due. */
    advance(ms: number) {
      now += ms;
      const due = pending;
      if (due && due.at <= now) {
        pending = null;
        due.run();
      }
    },
  };
}

describe("a native wrapper's positions", () => {
  it("win over the page's own while the wrapper keeps reporting", () => {
    const { t, sent, advance } = tracker();
    t.position({ lat: 52.1, lng: 5.1, source: 'wrapper' });
    expect(sent).toEqual([{ lat: '52.1000000', lng: '5.1000000' }]);
    // The webview's own fix comes in between: the next tick still sends the wrapper's.
    t.position({ lat: 40, lng: 3 });
    t.position({ lat: 40, lng: 3, source: 'browser' });
    advance(LOCATION_INTERVAL_MS);
    expect(sent.at(-1)).toEqual({ lat: '52.1000000', lng: '5.1000000' });
    t.position({ lat: 52.2, lng: 5.2, source: 'wrapper' });
    advance(LOCATION_INTERVAL_MS);
    expect(sent.at(-1)).toEqual({ lat: '52.2000000', lng: '5.2000000' });
  });

  it('a wrapper that stopped reporting hands back to the page after WRAPPER_PRIORITY_MS', () => {
    const { t, sent, advance } = tracker();
    t.position({ lat: 52.1, lng: 5.1, source: 'wrapper' });
    advance(WRAPPER_PRIORITY_MS - 1);
    t.position({ lat: 40, lng: 3 });
    advance(1);
    expect(sent.at(-1)).toEqual({ lat: '52.1000000', lng: '5.1000000' });
    t.position({ lat: 40, lng: 3 });
    advance(LOCATION_INTERVAL_MS);
    expect(sent.at(-1)).toEqual({ lat: '40.0000000', lng: '3.0000000' });
  });

  it("the wrapper's error counts as its report too (no silent fallback to the page while it says why)", () => {
    const { t, sent, advance } = tracker();
    t.position({ error: 'denied', source: 'wrapper' });
    t.position({ lat: 40, lng: 3 });
    advance(LOCATION_INTERVAL_MS);
    expect(sent).toEqual([{ error: 'denied' }, { error: 'denied' }]);
  });

  it('without a wrapper the page is the source', () => {
    const { t, sent } = tracker();
    t.position({ lat: 40, lng: 3 });
    expect(sent).toEqual([{ lat: '40.0000000', lng: '3.0000000' }]);
  });
});
