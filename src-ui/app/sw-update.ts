/**
 * The service worker: precaches the shell for offline starts. A new version is applied at a safe moment (the
 * page is hidden, or no route is open), then the reloaded app says "App updated successfully". What registers it
 * (sw-register.ts, with Workbox's window code) loads after the first screen, in a chunk of its own.
 */
export const UPDATED_FLAG = 'droplane.updated';

/** True once, right after the reload that applied an update. */
export function takeUpdatedFlag(storage: Storage = sessionStorage): boolean {
  const updated = storage.getItem(UPDATED_FLAG) === '1';
  storage.removeItem(UPDATED_FLAG);
  return updated;
}

/** Registers the service worker once its code has loaded (not in development, where Vite serves the modules). */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  (await import('./sw-register.ts')).register();
}
