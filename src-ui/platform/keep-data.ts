/**
 * What the page does so a driver's unsent work is not lost (issue 12), from the mirrored state:
 * - asks the browser to keep the app's storage (navigator.storage.persist) once a driver is signed in, so IndexedDB
 *   with the outbox is not evicted under storage pressure (only the page can ask; workers cannot);
 * - warns before the page is closed or reloaded while completions wait to be sent (beforeunload), as the spec's
 *   lostConnectivity message asks the driver not to close the window.
 */
import { effect } from '@preact/signals-core';
import type { StateSignals } from '../bridge/mirror.ts';

export function keepDriverData(state: Pick<StateSignals, 'session' | 'outbox' | 'route'>): () => void {
  let asked = false;
  const warn = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers show the prompt only when a value is set (its text is the browser's own).
    event.returnValue = true;
  };
  let warning = false;
  const stop = effect(() => {
    if (!asked && state.session.value.status === 'signed_in') {
      asked = true;
      void navigator.storage?.persist?.().catch(() => {
        // Refused or unsupported: the outbox still works, it is only evictable.
      });
    }
    const waiting = state.outbox.value.unsent > 0 || (state.route.value?.unsentStopIds.length ?? 0) > 0;
    if (waiting && !warning) window.addEventListener('beforeunload', warn);
    if (!waiting && warning) window.removeEventListener('beforeunload', warn);
    warning = waiting;
  });
  return () => {
    stop();
    window.removeEventListener('beforeunload', warn);
  };
}
