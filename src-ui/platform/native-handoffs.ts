/**
 * Inside a native wrapper, what the app does the web way goes to the wrapper instead (docs/native-bridge.md). The
 * screens know nothing of wrappers: their web ways are the hooks. One click listener on the window, after the app's
 * own handlers (React's, at its root), takes over:
 * - an `a[target=_blank]` with an http(s) address: `open_url`, its purpose read from the app config (the terms,
 *   privacy and support pages), else `link` (a stop note's link);
 * - Directions (an anchor carrying data-directions-app, -lat and -lng): `open_map`;
 * - a `tel:` link (the Call action): `call`;
 * - a photo's file input (PhotoStrip opens it with a click): `open_camera`; the photo the wrapper sends back is put
 *   into the input and announced with a `change` event, so it takes the file input's own path into the core.
 * A click the app already cancelled (Directions refused by the route's rules) stays cancelled; a message the bridge
 * refuses (it does not fit its type) leaves the click to the browser, the web way.
 */
import type { NavigationApp } from '../../src-shared/domain/settings.ts';
import type { AppConfig } from '../../src-shared/protocol/http.ts';
import type { AppToWrapper, ExternalLinkPurpose } from '../../src-shared/protocol/native-bridge.ts';
import type { NativeBridge } from './native-bridge.ts';

function purposeOf(url: string, config: AppConfig | null): ExternalLinkPurpose {
  if (url === config?.termsUrl) return 'terms';
  if (url === config?.privacyUrl) return 'privacy';
  if (url === config?.supportUrl) return 'help';
  return 'link';
}

/** The message a click on this link becomes, or null when the link is the app's own. */
function linkMessage(link: HTMLAnchorElement, config: AppConfig | null): AppToWrapper | null {
  const href = link.href;
  if (href.startsWith('tel:')) return { type: 'call', number: decodeURIComponent(href.slice(4)) };
  if (link.target !== '_blank') return null;
  const { directionsApp, directionsLat, directionsLng } = link.dataset;
  if (directionsApp)
    return {
      type: 'open_map',
      url: href,
      app: directionsApp as NavigationApp,
      lat: Number(directionsLat),
      lng: Number(directionsLng),
    };
  return { type: 'open_url', url: href, purpose: purposeOf(href, config) };
}

/** The wrapper's camera in place of the file chooser; its photo arrives as the input's file. */
async function photoInto(input: HTMLInputElement, bridge: NativeBridge) {
  const file = await bridge.takePhoto();
  if (!file || !input.isConnected) return;
  const files = new DataTransfer();
  files.items.add(file);
  input.files = files.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Hands the app's links, calls and photo inputs to the wrapper from now on; returns the stop. */
export function handOff(bridge: NativeBridge, config: () => AppConfig | null, scope: Window = window): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const target = event.target as Element | null;
    if (target instanceof HTMLInputElement && target.type === 'file' && target.accept.includes('image/')) {
      event.preventDefault();
      void photoInto(target, bridge);
      return;
    }
    const link = target?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement)) return;
    const message = linkMessage(link, config());
    if (message && bridge.send(message)) event.preventDefault();
  };
  scope.addEventListener('click', onClick);
  return () => scope.removeEventListener('click', onClick);
}
