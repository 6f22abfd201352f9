/**
 * The service worker: precaches the shell for offline starts. A new version is applied at a safe moment (the
 * page is hidden, or no route is open), then the reloaded app says "App updated successfully".
 */
import { registerSW } from 'virtual:pwa-register';

const UPDATED_FLAG = 'droplane.updated';

/** True once, right after the reload that applied an update. */
export function takeUpdatedFlag(storage: Storage = sessionStorage): boolean {
  const updated = storage.getItem(UPDATED_FLAG) === '1';
  storage.removeItem(UPDATED_FLAG);
  return updated;
}

/** Not while a driver works a route: an update then waits until the page is hidden. */
const isBusy = () => /^\/routes\/(single\/)?\d+/.test(location.pathname);

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
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
