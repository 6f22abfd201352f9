/**
 * Boot: take a shared link from the URL, connect the core (worker or inline), mirror its state into signals,
 * set up the language, and render. The platform layer then forwards browser events to the core.
 */
import { effect } from '@preact/signals-core';
import { proxy } from 'comlink';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { PATHS } from './app/paths.ts';
import { preloadScreenFor } from './app/screen-loaders.ts';
import { registerServiceWorkerAfterFirstScreen } from './app/sw-update.ts';
import { takeUpdatedFlag } from './app/updated-flag.ts';
import { connectCore } from './bridge/connect.ts';
import { coreModeFrom } from './bridge/core-mode.ts';
import { startMirror } from './bridge/mirror.ts';
import { initI18n, loadRouteMessages, setLanguage } from './i18n/index.ts';
import { afterNextPaint } from './platform/after-paint.ts';
import { hasSignInFirstPaint } from './platform/first-paint.ts';
import { keepDriverData } from './platform/keep-data.ts';
import { detectWrapper } from './platform/native-detect.ts';
import { platformInit, takeLinkFromUrl, watchConnectivity } from './platform/platform.ts';
import { keepSessionHint } from './platform/session-hint.ts';
import { applyTheme } from './platform/theme.ts';
import './styles/tokens.css';
import './styles/global.css';

async function boot() {
  // The core's script first: it downloads while the wrapper (if any) answers.
  const connecting = connectCore(coreModeFrom(location.search));
  // Inside a native wrapper, its bridge (a chunk a browser never loads) and the handshake: the tokens or link it
  // hands over decide the first screen, so the start waits for them (briefly, see native-session.ts).
  const wrapper = detectWrapper();
  const native = wrapper && (await import('./platform/native-session.ts').then((m) => m.startNativeSession(wrapper)));
  const link = native ? native.link : takeLinkFromUrl();
  if (link) history.replaceState(null, '', PATHS.singleRoute(link.routeId));

  const init = platformInit(link, native?.init);
  // The first screen's code downloads while the core starts.
  const firstScreen = preloadScreenFor(location.pathname, init.settings.language);
  const connection = await connecting;
  const { api } = connection;
  const mirror = await startMirror(api, () => api.start(init), proxy);
  applyTheme(mirror.state.settings);
  await initI18n(mirror.state.settings.value.language);
  // A start on a route screen renders once its code and strings are in (the splash shows meanwhile): the first
  // render then draws the screen in one task instead of a loading bar and a retry (screen-loaders.ts). Signed out,
  // the screen only sends to the sign-in, which needs neither.
  if (firstScreen && mirror.state.session.value.status === 'signed_in') {
    await Promise.all([firstScreen, loadRouteMessages()]).catch(() => {
      // Offline and never cached: the screen's own load shows the error.
    });
  }
  effect(() => {
    void setLanguage(mirror.state.settings.value.language).catch(() => {
      // The language's chunk could not load (offline, never cached): stay in the current one.
    });
  });

  watchConnectivity(api);
  native?.attach(api, mirror.state);
  keepDriverData(mirror.state);
  keepSessionHint(mirror.state);
  // The server painted the sign-in at / for a visitor without a session: the app shows it at its own path, so the
  // first render is the sign-in screen itself, which takes that form over (no redirect in between to blank it).
  if (hasSignInFirstPaint() && location.pathname === '/' && mirror.state.session.value.status === 'signed_out') {
    history.replaceState(null, '', PATHS.login);
  }
  if (takeUpdatedFlag()) void api.notify('app_updated');

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App core={{ api, state: mirror.state, mode: connection.mode }} />
    </StrictMode>,
  );
  registerServiceWorkerAfterFirstScreen();
  // Taps leave the focus where it was (tap-focus.ts): from the first screen's paint on, off the critical path (its own
  // chunk: tests/build/critical-path.test.ts). A chunk that cannot be fetched (offline, never cached) leaves taps
  // moving the focus as a browser does by default, which loses nothing: the next start tries again.
  afterNextPaint(() =>
    import('./platform/tap-focus.ts').then(
      (m) => m.keepFocusOnTap(),
      () => {},
    ),
  );
}

void boot();
