/**
 * The service worker: precaches the shell for offline starts. A new version is applied at a safe moment (the
 * page is hidden, or no route is open), then the reloaded app says "App updated successfully". What registers it
 * (sw-register.ts, with Workbox's window code) loads after the first screen, in a chunk of its own.
 */
import { whenIdle } from '../platform/idle.ts';

/** Registers the service worker once its code has loaded (not in development, where Vite serves the modules). */
async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  (await import('./sw-register.ts')).register();
}

/** An idle moment comes within this long even on a busy page: the service worker is what makes the app offline. */
const REGISTER_WITHIN_MS = 3_000;

/**
 * Registers the service worker once the first screen is usable: called after the first render, it waits for the
 * page's load (the first screen's scripts and styles are in), then for an idle moment. Registering earlier put its
 * code (2.7 KB gzip) among the first screen's requests and its install beside the first screen's work (issue 32).
 */
export function registerServiceWorkerAfterFirstScreen(): void {
  const whenQuiet = () => whenIdle(() => void registerServiceWorker(), REGISTER_WITHIN_MS);
  if (document.readyState === 'complete') whenQuiet();
  else addEventListener('load', whenQuiet, { once: true });
}
