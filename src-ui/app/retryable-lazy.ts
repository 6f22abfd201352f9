/**
 * Lazy code that may be missing (issue 45): a screen or part whose chunk cannot be fetched (offline and never cached,
 * or blocked) is not a crash. Its load rejects with a CodeUnavailableError, which a CodeBoundary (CodeBoundary.tsx)
 * shows in place, and retries when the signal is back; any other error (a real bug, also one thrown while the chunk's
 * own code runs) stays what it was and reaches the app's error page.
 *
 * Usage, in place of React.lazy: `const AboutScreen = retryableLazy(async () => ({ default: (await import(...)).X }))`.
 *
 * Why not React.lazy alone: it keeps a rejected load for good, so a retry needs a fresh lazy component; this one
 * swaps in a fresh one for every load that failed (renewFailedLoads), which the boundary calls before it renders the
 * children again. A load that settles synchronously (screen-loaders.ts `lazyRouteScreen`'s thenable, once the code is
 * in) still does: the marking wraps the thenable without turning it into a promise, so such a screen renders in the
 * first render as before.
 *
 * The browser's part: Chromium (checked with 156) does not keep a failed module fetch in its module map (HTML's
 * whatwg/html#10327), so importing the same URL again fetches it again. Vite's preload helper does keep a stylesheet
 * it failed to preload as seen and never asks for it again: restoreFailedStyles adds it back before the retry.
 */
import { type ComponentProps, type ComponentType, createElement, lazy } from 'react';

/** A chunk (script, stylesheet or strings) that could not be fetched; `cause` is the browser's or Vite's error. */
export class CodeUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Code unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'CodeUnavailableError';
  }
}

export const isCodeUnavailable = (error: unknown): error is CodeUnavailableError =>
  error instanceof CodeUnavailableError;

/**
 * How each engine (and Vite) says a module or its stylesheet could not be fetched. Matched only on errors of a lazy
 * load, never on the app's other errors: an error the chunk's own code throws while it runs says something else.
 */
const FETCH_FAILURES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /Importing a module script failed/i, // WebKit
  /error loading dynamically imported module/i, // Firefox
  /Unable to preload CSS/i, // Vite's preload helper (its vite:preloadError)
];
const STYLE_FAILURE = /Unable to preload CSS for (\S+)/;

/** Stylesheets Vite's preload helper failed to load: it will not ask for them again (see above). */
const failedStyles = new Set<string>();

/** The lazy load's error, marked when it says the code could not be fetched. */
export function markFetchFailure(error: unknown): unknown {
  if (isCodeUnavailable(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return FETCH_FAILURES.some((failure) => failure.test(message)) ? new CodeUnavailableError(error) : error;
}

/**
 * Adds back the stylesheets that failed, each as a fresh <link>, and resolves once they are in; rejects when one
 * still cannot be had (it stays listed for the next retry).
 */
function restoreFailedStyles(): Promise<void> {
  const hrefs = [...failedStyles];
  failedStyles.clear();
  const restore = (href: string) =>
    new Promise<void>((resolve, reject) => {
      for (const old of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
        if (old.href === href) old.remove();
      }
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.crossOrigin = '';
      link.href = href;
      link.addEventListener('load', () => resolve());
      link.addEventListener('error', () => {
        link.remove();
        failedStyles.add(href);
        reject(new Error(`Unable to preload CSS for ${href}`));
      });
      document.head.append(link);
    });
  return Promise.all(hrefs.map(restore)).then(() => undefined);
}

/** The renewals of the lazy components whose load failed, run by the next renewFailedLoads. */
const failedLoads = new Set<() => void>();

/** Before a retry: every lazy component whose load failed gets a fresh one (React.lazy keeps its rejection). */
export function renewFailedLoads(): void {
  const renewals = [...failedLoads];
  failedLoads.clear();
  for (const renew of renewals) renew();
}

type Load<T> = () => PromiseLike<T>;

/**
 * The load as React.lazy calls it: a thenable that settles as `load`'s does (synchronously when it does), its
 * rejection marked, and `onFailure` called first. Stylesheets that failed before are restored ahead of the load; one
 * that still cannot be had fails only the load it belongs to (any other goes ahead: its own code may be there).
 */
export function markedLoad<T>(load: Load<T>, onFailure: () => void): Load<T> {
  let ownStyleFailed = false;
  return () => {
    const loading =
      failedStyles.size === 0
        ? load()
        : restoreFailedStyles().then(load, (error: unknown) => (ownStyleFailed ? Promise.reject(error) : load()));
    const marked: PromiseLike<T> = {
      // biome-ignore lint/suspicious/noThenProperty: React.lazy calls `then` and may get its answer synchronously
      then: (onLoaded, onFailed) =>
        loading.then(onLoaded, (error: unknown) => {
          onFailure();
          const style = STYLE_FAILURE.exec(error instanceof Error ? error.message : '')?.[1];
          ownStyleFailed = style !== undefined;
          if (style) failedStyles.add(style);
          const markedError = markFetchFailure(error);
          if (onFailed) return onFailed(markedError);
          throw markedError;
        }),
    };
    return marked;
  };
}

/** React.lazy that a CodeBoundary can retry: see the top of this file. */
// biome-ignore lint/suspicious/noExplicitAny: any component, as React.lazy takes it
export function retryableLazy<T extends ComponentType<any>>(
  load: Load<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const fresh = () => lazy(markedLoad(load, () => failedLoads.add(renew)) as () => Promise<{ default: T }>);
  let current = fresh();
  const renew = () => {
    current = fresh();
  };
  return function Retryable(props: ComponentProps<T>) {
    return createElement(current, props);
  };
}
