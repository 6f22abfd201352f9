/**
 * The service worker: precaches the shell for offline starts. A new version is applied at a safe moment (the
 * page is hidden, or no route is open), then the reloaded app says "App updated successfully".
 */
const UPDATED_FLAG = 'droplane.updated';

/** True once, right after the reload that applied an update. */
export function takeUpdatedFlag(storage: Storage = sessionStorage): boolean {
  const updated = storage.getItem(UPDATED_FLAG) === '1';
  storage.removeItem(UPDATED_FLAG);
  return updated;
}

/** Not while a driver works a route: an update then waits until the page is hidden. */
const isBusy = () => /^\/routes\/(single\/)?\d+/.test(location.pathname);

/**
 * The registration code loads after the first screen (its own chunk): the first start need not wait for it. Once
 * installed, the service worker takes control of this page too (clientsClaim, vite.config.ts), so a driver's first
 * session is served from its precache from then on.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const { registerSW } = await import('virtual:pwa-register');
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      const apply = () => {
        sessionStorage.setItem(UPDATED_FLAG, '1');
        void update(true);
      };
      if (!isBusy()) return apply();
      const onHidden = () => {
        if (document.visibilityState !== 'hidden') return;
        document.removeEventListener('visibilitychange', onHidden);
        apply();
      };
      document.addEventListener('visibilitychange', onHidden);
    },
  });
}
