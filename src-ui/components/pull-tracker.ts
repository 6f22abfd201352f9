/**
 * Pull-to-refresh's gesture as a small state machine, apart from the events that feed it (use-pull-gesture.ts):
 * a finger and a mouse go through the same begin, move and end, so the two can never disagree on what a pull is.
 */
import type { RefObject } from 'react';
import { pullDistance } from './pull-distance.ts';

/** Finger travel before a gesture counts as a pull (or as a scroll the pull leaves alone). */
const SLOP_PX = 8;

/** The element whose scroll position decides "at the top": the nearest scrolling ancestor, else the page. */
function scrollParent(start: HTMLElement): Element {
  for (let el = start.parentElement; el; el = el.parentElement) {
    const { overflowY } = getComputedStyle(el);
    if ((overflowY === 'auto' || overflowY === 'scroll') && el.scrollHeight > el.clientHeight) return el;
  }
  return document.scrollingElement ?? document.documentElement;
}

/** What the tracker reads at each step (the hook's latest options). */
export interface PullSettings {
  enabled: boolean;
  threshold: number;
  maxPull: number;
  /** Each move while pulling, with the distance after resistance (write it to the DOM, not to state). */
  onPull: (distance: number) => void;
  /** The finger is up: `armed` when the distance reached the threshold. */
  onRelease: (armed: boolean) => void;
}

export interface PullTracker {
  /** A finger or button is down at (x, y): a pull may start here if the list is at the top. */
  begin: (x: number, y: number) => void;
  /** True when the move belongs to the pull (the caller then prevents the default). */
  move: (x: number, y: number) => boolean;
  /** The finger or button is up: a pull reports its release. */
  end: () => void;
  /** A second finger: whatever this was, it is no pull. */
  cancel: () => void;
  pulling: () => boolean;
  /** The click that a mouse pull's release would make is still to come. */
  swallowsClick: () => boolean;
}

/** One element's gesture; `latest` holds the current options, read at each step (not captured at creation). */
export function createPullTracker(root: HTMLElement, latest: RefObject<PullSettings>): PullTracker {
  let tracking = false;
  let pulling = false;
  let startY = 0;
  let startX = 0;
  let originY = 0;
  let distance = 0;
  let swallowClick = false;

  return {
    begin(x, y) {
      tracking = latest.current.enabled && scrollParent(root).scrollTop <= 0;
      pulling = false;
      startX = x;
      startY = y;
      distance = 0;
    },
    move(x, y) {
      if (!tracking) return false;
      const dy = y - startY;
      if (!pulling) {
        if (Math.abs(dy) < SLOP_PX && Math.abs(x - startX) < SLOP_PX) return false;
        // Upwards or sideways first: a scroll or a swipe, which the pull leaves alone until the next touch.
        if (dy <= 0 || Math.abs(x - startX) > dy) {
          tracking = false;
          return false;
        }
        pulling = true;
        originY = y;
      }
      const { threshold, maxPull, onPull } = latest.current;
      distance = pullDistance(y - originY, threshold, maxPull);
      onPull(distance);
      return true;
    },
    end() {
      if (pulling) {
        // The click the release makes comes in this same task: swallowed, so a mouse pull opens no card.
        swallowClick = true;
        setTimeout(() => {
          swallowClick = false;
        }, 0);
        latest.current.onRelease(distance >= latest.current.threshold);
      }
      tracking = false;
      pulling = false;
    },
    cancel() {
      tracking = false;
    },
    pulling: () => pulling,
    swallowsClick: () => swallowClick,
  };
}
