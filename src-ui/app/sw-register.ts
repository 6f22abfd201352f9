/**
 * The service worker's registration, loaded after the first screen by sw-update.ts (with Workbox's window code, a
 * chunk of its own): a new version is applied at a safe moment (the page is hidden, or no route is open), then the
 * reloaded app says so. Once installed, the service worker takes control of this page too (clientsClaim,
 * vite.config.ts), so a driver's first session is served from its precache from then on.
 */
import { registerSW } from 'virtual:pwa-register';
import { markUpdated } from './updated-flag.ts';

/** Not while a driver works a route: an update then waits until the page is hidden. */
const isBusy = () => /^\/routes\/(single\/)?\d+/.test(location.pathname);

export function register(): void {
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      const apply = () => {
        markUpdated();
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
