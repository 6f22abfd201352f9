/** What every UI scenario shares: the two ways the core runs, the app URL for each, and page-clock conversion. */
import type { Browser } from '@playwright/test';
import type { StoredSession } from '../session.ts';

export type CoreMode = 'worker' | 'inline';
export const MODES: readonly CoreMode[] = ['worker', 'inline'];

export interface ScenarioEnv {
  browser: Browser;
  baseUrl: string;
  distDir: string;
  session: StoredSession;
}

/**
 * The app at `path`, with the core in a worker (as shipped) or inline on the main thread (`?core=inline`); untraced,
 * its worker leaves no User Timing measures (`?trace=off`, src-ui/bridge/core-mode.ts).
 */
export function appUrl(env: ScenarioEnv, path: string, mode: CoreMode, untraced = false): string {
  const url = new URL(path, env.baseUrl);
  if (mode === 'inline') url.searchParams.set('core', 'inline');
  if (untraced) url.searchParams.set('trace', 'off');
  return url.href;
}

/** An epoch-ms time on the page's performance clock. */
export const pageTime = (timeOrigin: number, wall: number) => wall - timeOrigin;

export const round = (n: number) => Math.round(n);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `work`, or a failure naming `what` when it has not settled within `ms`. Some waits of a scenario have no time
 * limit of their own (an evaluate in a page that never answers): with this a stuck run says where it stuck and the
 * bench goes on with the other scenarios, instead of sitting idle.
 */
export async function within<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done in ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, stuck]);
  } finally {
    clearTimeout(timer);
  }
}
