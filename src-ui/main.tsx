/**
 * Boot: take a shared link from the URL, connect the core (worker or inline), mirror its state into signals,
 * set up the language, and render. The platform layer then forwards browser events to the core.
 */
import { effect } from '@preact/signals-core';
import { proxy } from 'comlink';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadScreenFor } from './app/AppRoutes.tsx';
import { PATHS } from './app/paths.ts';
import { registerServiceWorker, takeUpdatedFlag } from './app/sw-update.ts';
import { connectCore, coreModeFrom } from './bridge/connect.ts';
import { startMirror } from './bridge/mirror.ts';
import { initI18n, setLanguage } from './i18n/index.ts';
import { keepDriverData } from './platform/keep-data.ts';
import { detectWrapper, queueEarlyMessages } from './platform/native.ts';
import { platformInit, takeLinkFromUrl, watchConnectivity } from './platform/platform.ts';
import { applyTheme } from './platform/theme.ts';
import './styles/tokens.css';
import './styles/global.css';

/**
 * Inside a native wrapper, its bridge (a chunk of its own, never loaded in a browser) and the handshake: the tokens
 * or link the wrapper hands over decide the first screen, so the start waits for them (briefly, see
 * native-session.ts).
 */
async function startNative() {
  const wrapper = detectWrapper();
  if (!wrapper) return null;
  const early = queueEarlyMessages();
  const { startNativeSession } = await import('./platform/native-session.ts');
  return startNativeSession(wrapper, early);
}

async function boot() {
  // The core's script first: it downloads while the wrapper (if any) answers.
  const connecting = connectCore(coreModeFrom(location.search));
  const native = await startNative();
  const link = native?.link ?? takeLinkFromUrl();
  if (link) history.replaceState(null, '', PATHS.singleRoute(link.routeId));
  // `webView` on a shared link says a wrapper opened it: without its bridge every hand-off takes the web way.
  if (link?.webView && !native)
    console.warn('webView link without a native bridge: links, calls and photos go the web way');

  const init = platformInit(link, native ? { embedded: true, handedTokens: native.tokens } : {});
  // The first screen's code downloads while the core starts.
  preloadScreenFor(location.pathname, init.settings.language);
  const connection = await connecting;
  const { api } = connection;
  const mirror = await startMirror(api, () => api.start(init), proxy);
  applyTheme(mirror.state.settings);
  await initI18n(mirror.state.settings.value.language);
  effect(() => {
    void setLanguage(mirror.state.settings.value.language).catch(() => {
      // The language's chunk could not load (offline, never cached): stay in the current one.
    });
  });

  watchConnectivity(api);
  native?.attach(api, mirror.state);
  keepDriverData(mirror.state);
  if (takeUpdatedFlag()) void api.notify('app_updated');
  void registerServiceWorker();

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App core={{ api, state: mirror.state, mode: connection.mode }} />
    </StrictMode>,
  );
}

void boot();
