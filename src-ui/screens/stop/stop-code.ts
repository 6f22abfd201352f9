/**
 * The code of every screen a stop needs, part of opening a route (issue 45): More info, its units and the complete
 * screen (with the age check), the signature pad, the scan panel, Call's phone rule, and the core's own code for
 * proofs (WorkerApi.loadStopCode: photo resizing, proof images, barcode decoding). The route view starts loading it
 * as it mounts, beside the route's data, and shows its skeleton until both are in (RouteView.tsx), so its first
 * card paints only once a stop can be worked with no signal at all. Each is a chunk the app would otherwise fetch
 * when the driver taps; in a first session whose signal goes before the service worker has taken over (it installs
 * while the driver signs in, precaching a few MB, and on a slow line is far from done in the first minute), that
 * tap found no network. Loaded in idle periods after the first paint instead (issue 31), how long a driver had to
 * stay online after opening a route depended on the phone. A module once loaded stays in the page's module map
 * (the core's in the worker's), where the screens' own lazy imports find it with no network at all.
 *
 * The same specifiers as the screens' own imports (AppRoutes.tsx, CompleteProofs.tsx, ScanSummary.tsx,
 * use-call-number.ts), so the bundler gives them the same files; tests/architecture/stop-code-ahead.test.ts holds
 * this list to those imports. The route's strings come with the route screen's own load (screen-loaders.ts).
 */
import { useEffect, useState } from 'react';
import type { Result } from '../../../src-shared/api/worker-api.ts';
import { useCore } from '../../app/core-context.tsx';
import { markFetchFailure } from '../../app/retryable-lazy.ts';

/** The page's part, in the order a driver meets them. */
const STOP_CODE: readonly (() => Promise<unknown>)[] = [
  () => import('./StopTaskScreen.tsx'),
  () => import('../../../src-shared/domain/phone.ts'),
  () => import('./CompleteScreen.tsx'),
  () => import('../../proof/SignatureCapture.tsx'),
  () => import('./UnitsScreen.tsx'),
  () => import('../../scan/ScanPanel.tsx'),
];

let loaded = false;
let loading: Promise<void> | null = null;

/** Both parts, in parallel; once per page (again after a failure). `loadCore`: the core's WorkerApi.loadStopCode. */
function loadStopCode(loadCore: () => Promise<Result>): Promise<void> {
  const corePart = async () => {
    const result = await loadCore();
    // In the browser's words for a module that could not be fetched, which is what happened in the worker: a failed
    // load is then told apart from a bug as the page's own chunks are (issue 45, a lazy screen's boundary).
    if (!result.ok) throw new Error(`Failed to fetch dynamically imported module: the core's stop code`);
  };
  loading ??= Promise.all([corePart(), ...STOP_CODE.map((load) => load())]).then(
    () => {
      loaded = true;
    },
    (error: unknown) => {
      // Offline and never cached: the next route view (or the same one, retried) tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Whether the stop code is in: loads it from the first render's effect on (at once when it is in already). A load
 * that fails is thrown in the render, for the screen's CodeBoundary to show in place of it.
 */
export function useStopCode(): boolean {
  const { api } = useCore();
  const [ready, setReady] = useState(loaded);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadStopCode(() => api.loadStopCode()).then(
      () => live && setReady(true),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [api, ready]);
  // Marked as missing code when it is (retryable-lazy.ts): the screen's CodeBoundary then says "Not loaded yet" in
  // place and mounts the route view again when the signal is back, which loads it again.
  if (failure) throw markFetchFailure(failure.error);
  return ready;
}
