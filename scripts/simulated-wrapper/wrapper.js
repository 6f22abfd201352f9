/**
 * A simulated native wrapper (docs/native-bridge.md), run in the page before the app's scripts: the Android
 * JavascriptInterface (`window.DroplaneAndroid.postMessage(json)`) or the iOS message handler
 * (`window.webkit.messageHandlers.droplane.postMessage(object)`), answering as a wrapper would, and recording every
 * message both ways in `window.__wrapper.log`. Used by the e2e tests (e2e/support/native-wrapper.ts) and by hand
 * (`npm run dev -- --wrapper android`, with `showLog` for a visible message log).
 *
 * Self-contained on purpose: index.mjs sends this file's text into the page with a call of
 * installSimulatedWrapper(config) after it, so nothing here may refer to anything outside the function.
 *
 * config: {
 *   platform: 'android' | 'ios',
 *   tokens?: TokenPair | null,      the wrapper's signed-in driver (its "keychain"), handed over on `ready`
 *   link?: {projectId, routeId, token} | null,   a shared link handed over on `ready`
 *   answerReady?: boolean,          false: a wrapper that never answers the handshake
 *   camera?: 'photo' | 'cancel',    what the camera does when asked (default: a photo)
 *   photo?: {width, height},        the photo's size (default 4000x3000), a JPEG drawn on a canvas
 *   showLog?: boolean,              a visible message log with buttons (by hand)
 * }
 */
// biome-ignore lint/correctness/noUnusedVariables: called by the text index.mjs appends.
function installSimulatedWrapper(config) {
  const KEYCHAIN = 'droplane.simulated-wrapper.tokens';
  const platform = config.platform;
  const log = [];
  const windowOpens = [];
  const listeners = [];

  /** The wrapper's stored tokens: kept across reloads (as a keychain is), else the configured ones. */
  function readKeychain() {
    try {
      const stored = sessionStorage.getItem(KEYCHAIN);
      if (stored !== null) return JSON.parse(stored);
    } catch {
      // no storage (a sandboxed frame): the configured tokens
    }
    return config.tokens ?? null;
  }
  function writeKeychain(tokens) {
    try {
      sessionStorage.setItem(KEYCHAIN, JSON.stringify(tokens));
    } catch {
      // no storage: memory only
    }
  }

  function record(direction, message) {
    const entry = { direction, message, at: Date.now() };
    log.push(entry);
    for (const listener of listeners) listener(entry);
  }

  /** Wrapper to app, through the one entry point: Android hands JSON text, iOS the object (as each does natively). */
  function send(message) {
    record('to-app', message);
    const entry = window.droplaneReceive;
    if (typeof entry !== 'function') {
      record('error', { reason: 'window.droplaneReceive is missing' });
      return;
    }
    entry(platform === 'android' ? JSON.stringify(message) : message);
  }

  /** A native answer comes on a later turn of the event loop, never inside the app's own call. */
  const later = (run) => setTimeout(run, 0);

  async function photoBase64(width, height) {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#d33';
    ctx.fillRect(0, 0, width, height / 2);
    ctx.fillStyle = '#33d';
    ctx.fillRect(0, height / 2, width, height / 2);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }

  /** What the wrapper does with each of the app's messages. */
  function react(message) {
    switch (message?.type) {
      case 'ready':
        if (config.answerReady === false) return;
        later(() => {
          if (config.link) send({ type: 'link', ...config.link });
          send({ type: 'session', tokens: readKeychain() });
        });
        return;
      case 'tokens': {
        const { type: _type, ...tokens } = message;
        writeKeychain(tokens);
        return;
      }
      case 'signed_out':
        writeKeychain(null);
        return;
      case 'open_camera':
        later(async () => {
          if (config.camera === 'cancel') return send({ type: 'photo_cancelled', requestId: message.requestId });
          const { width = 4000, height = 3000 } = config.photo ?? {};
          const base64 = await photoBase64(width, height);
          send({ type: 'photo', requestId: message.requestId, mimeType: 'image/jpeg', base64 });
        });
        return;
      default:
        // route_started, route_finished, open_url, open_map, call: a real wrapper acts; this one records.
        return;
    }
  }

  if (platform === 'android') {
    window.DroplaneAndroid = {
      postMessage(json) {
        // A JavascriptInterface method declared with a String parameter: anything else arrives as its text.
        if (typeof json !== 'string') return record('error', { reason: 'postMessage takes JSON text', got: json });
        let message;
        try {
          message = JSON.parse(json);
        } catch {
          return record('error', { reason: 'not JSON', got: json });
        }
        record('to-wrapper', message);
        react(message);
      },
    };
  } else {
    const handler = {
      postMessage(object) {
        // WebKit serialises the object into the native side: a copy, never the app's own object.
        const message = JSON.parse(JSON.stringify(object));
        record('to-wrapper', message);
        react(message);
      },
    };
    window.webkit = { messageHandlers: { droplane: handler } };
  }

  // A webview opens no windows: a link that tries is recorded, and goes nowhere.
  window.open = (url, target) => {
    windowOpens.push({ url: String(url), target: target ?? null });
    record('error', { reason: 'window.open', url: String(url) });
    return null;
  };

  window.__wrapper = {
    platform,
    log,
    windowOpens,
    /** The app's messages to the wrapper, optionally of one type. */
    received: (type) => log.filter((e) => e.direction === 'to-wrapper' && (!type || e.message.type === type)),
    /** A raw message to the app (any object or text: the tests send malformed ones too). */
    sendRaw: (raw) => {
      record('to-app', raw);
      window.droplaneReceive?.(raw);
    },
    send,
    sendLocation: (lat, lng, accuracy = 5) => send({ type: 'location', lat, lng, accuracy, timestamp: Date.now() }),
    keychain: readKeychain,
  };

  if (config.showLog) showLog(platform, log, listeners, send);

  /** The message log on screen, with buttons for what a tester does by hand (by hand only). */
  function showLog(platform, entries, subscribers, sendToApp) {
    const mount = () => {
      const panel = document.createElement('section');
      panel.setAttribute('aria-label', 'Simulated wrapper');
      Object.assign(panel.style, {
        position: 'fixed',
        left: '0',
        right: '0',
        bottom: '0',
        maxHeight: '35vh',
        overflow: 'auto',
        zIndex: '2147483647',
        background: 'rgba(20, 20, 20, 0.88)',
        color: '#e8e8e8',
        font: '11px/1.35 ui-monospace, monospace',
        padding: '4px 6px',
      });
      const bar = document.createElement('div');
      bar.style.display = 'flex';
      bar.style.gap = '6px';
      bar.style.alignItems = 'center';
      const title = document.createElement('strong');
      title.textContent = `Simulated ${platform} wrapper`;
      bar.append(title);
      const button = (label, onClick) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = label;
        b.style.font = 'inherit';
        b.addEventListener('click', onClick);
        bar.append(b);
        return b;
      };
      const list = document.createElement('ol');
      list.style.margin = '4px 0 0';
      list.style.paddingLeft = '18px';
      button('Hide', (event) => {
        list.hidden = !list.hidden;
        event.target.textContent = list.hidden ? 'Show' : 'Hide';
      });
      button('Location', () => sendToApp({ type: 'location', lat: 52.0907, lng: 5.1214, accuracy: 5 }));
      button('Sign in…', async () => {
        const email = prompt('Email of the driver the wrapper signs in', 'driver@example.com');
        const password = email && prompt('Password', 'demo-password');
        if (!password) return;
        const res = await fetch('/v1/drivers/signin', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        if (!res.ok) return record('error', { reason: `sign-in answered ${res.status}` });
        const tokens = await res.json();
        writeKeychain(tokens);
        sendToApp({ type: 'session', tokens });
      });
      button('Forget driver', () => writeKeychain(null));
      panel.append(bar, list);
      const show = (entry) => {
        const item = document.createElement('li');
        const arrow = { 'to-wrapper': 'app → wrapper', 'to-app': 'wrapper → app', error: '!!' }[entry.direction];
        const text = typeof entry.message === 'string' ? entry.message : JSON.stringify(entry.message);
        item.textContent = `${arrow} ${text.length > 300 ? `${text.slice(0, 300)}…` : text}`;
        if (entry.direction === 'error') item.style.color = '#ff8080';
        list.append(item);
        panel.scrollTop = panel.scrollHeight;
      };
      for (const entry of entries) show(entry);
      subscribers.push(show);
      document.body.append(panel);
    };
    if (document.body) mount();
    else document.addEventListener('DOMContentLoaded', mount, { once: true });
  }
}
