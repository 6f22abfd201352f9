/**
 * Counting the React components whose render ran, in the production build (issue 47): the page gets the hook React
 * DOM reports its commits to (the one React DevTools installs, `__REACT_DEVTOOLS_GLOBAL_HOOK__`; production builds
 * report to it too), and each commit's tree is walked as DevTools walks it: a component counts when it mounted or
 * performed work (React's PerformedWork flag), and a subtree whose child list is the one of the commit before was not
 * rendered at all (React bailed out above it).
 */
import type { BrowserContext, Page } from '@playwright/test';

/** What one action rendered: components counted (mounts included) and the commits they came in. */
export interface RenderCount {
  components: number;
  mounts: number;
  commits: number;
  /** Renders by component name (readable in an unminified build: docs/performance.md, "What a patch re-renders"). */
  names: Record<string, number>;
  /** The same for the components that were there before (renders that are not mounts). */
  rerendered: Record<string, number>;
}

declare global {
  interface Window {
    __renderCount?: RenderCount;
  }
}

/** Installs the hook before the app's scripts run (React DOM looks for it once, as it loads). */
export async function countRenders(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // Function, class, forward-ref, memo and simple-memo components (React's work tags 0, 1, 11, 14, 15).
    const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
    const PERFORMED_WORK = 1;
    type Named = { displayName?: string; name?: string; type?: Named; render?: Named } | null;
    type Fiber = {
      tag: number;
      flags: number;
      type: Named;
      child: Fiber | null;
      sibling: Fiber | null;
      alternate: Fiber | null;
    };
    const nameOf = (type: Named): string =>
      type?.displayName || type?.name || (type?.type ? nameOf(type.type) : type?.render ? nameOf(type.render) : '?');
    const counted: RenderCount = { components: 0, mounts: 0, commits: 0, names: {}, rerendered: {} };
    window.__renderCount = counted;
    const walk = (next: Fiber, previous: Fiber | null) => {
      if (COMPONENT_TAGS.has(next.tag)) {
        if (previous === null) counted.mounts++;
        if (previous === null || (next.flags & PERFORMED_WORK) !== 0) {
          counted.components++;
          const name = nameOf(next.type);
          counted.names[name] = (counted.names[name] ?? 0) + 1;
          if (previous !== null) counted.rerendered[name] = (counted.rerendered[name] ?? 0) + 1;
        }
      }
      // The same child list as before: React bailed out here, nothing below rendered.
      if (previous !== null && next.child === previous.child) return;
      for (let child = next.child; child; child = child.sibling) walk(child, child.alternate);
    };
    let renderers = 0;
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      value: {
        supportsFiber: true,
        renderers: new Map(),
        inject: () => ++renderers,
        checkDCE() {},
        onScheduleFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        onCommitFiberRoot(_id: number, root: { current: Fiber }) {
          counted.commits++;
          const current = root.current;
          const previous = current.alternate;
          if (previous === null || current.child !== previous.child)
            for (let child = current.child; child; child = child.sibling) walk(child, child.alternate);
        },
      },
    });
  });
}

/** Zeroes the count: what follows is the next action's. */
export async function resetRenders(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.assign(window.__renderCount!, { components: 0, mounts: 0, commits: 0, names: {}, rerendered: {} });
  });
}

/**
 * The count once the page is quiet: no commit for `quietMs` (a patch's renders, the focus moves and the effects'
 * second renders all land before it). Read after the action's visible effect was awaited.
 */
export async function rendersWhenQuiet(page: Page, quietMs = 400): Promise<RenderCount> {
  let last = -1;
  let since = Date.now();
  for (;;) {
    const now = await page.evaluate(() => structuredClone(window.__renderCount!));
    if (now.commits !== last) {
      last = now.commits;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return now;
    await page.waitForTimeout(50);
  }
}
