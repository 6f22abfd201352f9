/**
 * The app's side of a native wrapper's session (docs/native-bridge.md), loaded only inside a wrapper:
 *
 * 1. Handshake, before the core starts: the app says `ready`, the wrapper answers `session` (its driver's tokens, or
 *    null) and may send a `link`; the app starts signed in (or on that route) without showing the sign-in screen.
 *    A wrapper that does not answer within HANDSHAKE_TIMEOUT_MS is not waited for longer: the app starts as it would
 *    in a browser, and a later `session` still signs the driver in.
 * 2. Once the core runs (`attach`): later sessions and links, the wrapper's positions (to the core, marked as the
 *    wrapper's, and to the map), the driver's tokens back to the wrapper whenever they change (refresh tokens
 *    rotate) or `signed_out`, the route's start and end, and the app's links, calls and photo inputs
 *    (native-handoffs.ts).
 */
import { effect } from '@preact/signals-core';
import type { Remote } from 'comlink';
import type { LinkEntry, PlatformInit, WorkerApi } from '../../src-shared/api/worker-api.ts';
import {
  type AppToWrapper,
  type HandedTokens,
  NATIVE_BRIDGE_PROTOCOL,
} from '../../src-shared/protocol/native-bridge.ts';
import { PATHS } from '../app/paths.ts';
import type { StateSignals } from '../bridge/mirror.ts';
import { reportWrapperFix } from './geolocation.ts';
import { storeLink } from './link-session.ts';
import { createNativeBridge, type OtherWrapperMessage } from './native-bridge.ts';
import type { WrapperPlatform } from './native-detect.ts';
import { handOff } from './native-handoffs.ts';

/** How long the start waits for the wrapper's `session`: a wrapper answers from memory, well within this. */
const HANDSHAKE_TIMEOUT_MS = 1500;

export interface NativeSession {
  /** What the wrapper handed over in the handshake: the core starts with it. */
  init: Pick<PlatformInit, 'handedTokens'>;
  /** A shared link the wrapper handed over (kept for the browser session already). */
  link: LinkEntry | null;
  /** Wires the rest once the core has started and its state is mirrored; returns the stop. */
  attach(api: Remote<WorkerApi>, state: Pick<StateSignals, 'session' | 'appConfig' | 'route'>): () => void;
}

const sameTokens = (a: HandedTokens | null | undefined, b: HandedTokens | null | undefined) =>
  a?.accessToken === b?.accessToken && a?.refreshToken === b?.refreshToken;

const linkOf = (m: Extract<OtherWrapperMessage, { type: 'link' }>): LinkEntry => ({
  projectId: m.projectId,
  routeId: m.routeId,
  token: m.token,
  webView: true,
});

/**
 * The open route's start and end, as the wrapper hears of them (it tracks the driver in the background meanwhile):
 * a change of the shown route's status to in_progress or finished. A route that opens already started (or
 * finished) is not reported again: its first status is where it stands.
 */
function reportRoutes(
  route: StateSignals['route'],
  send: (message: Extract<AppToWrapper, { type: 'route_started' | 'route_finished' }>) => void,
): () => void {
  let seen: { id: number; status: string } | null = null;
  return effect(() => {
    const shown = route.value?.route;
    if (!shown) return;
    const before = seen?.id === shown.id ? seen.status : null;
    seen = { id: shown.id, status: shown.status };
    if (before === null || before === shown.status) return;
    const type =
      shown.status === 'in_progress' ? 'route_started' : shown.status === 'finished' ? 'route_finished' : null;
    if (type) send({ type, routeId: shown.id, projectId: shown.project_id });
  });
}

/**
 * The wrapper's messages around the handshake. Before it settles, the first `session` is its answer and a `link` is
 * the one to start on; once it has settled (answered or timed out, the start has taken what it gave), every message
 * waits for `attach`, which handles them in order, then each new one as it comes. Nothing the wrapper sends is lost
 * between the start and the core being ready.
 */
export function handshakeInbox() {
  let tokens: HandedTokens | null = null;
  let link: LinkEntry | null = null;
  let settled = false;
  let handle: ((message: OtherWrapperMessage) => void) | null = null;
  const waiting: OtherWrapperMessage[] = [];
  let answered: () => void = () => {};
  const answer = new Promise<void>((resolve) => {
    answered = resolve;
  });
  return {
    /** Resolves when the wrapper has answered `ready` with a session. */
    answer,
    receive(message: OtherWrapperMessage): void {
      if (handle) handle(message);
      else if (!settled && message.type === 'session' && tokens === null) {
        tokens = message.tokens;
        answered();
      } else if (!settled && message.type === 'link') link = linkOf(message);
      else waiting.push(message);
    },
    /** The handshake is over: what it gave the start. */
    settle(): { tokens: HandedTokens | null; link: LinkEntry | null } {
      settled = true;
      return { tokens, link };
    },
    attach(handler: (message: OtherWrapperMessage) => void): void {
      handle = handler;
      for (const message of waiting.splice(0)) handler(message);
    },
  };
}

export async function startNativeSession(platform: WrapperPlatform, scope: object = window): Promise<NativeSession> {
  const inbox = handshakeInbox();
  const bridge = createNativeBridge({ platform, scope, onMessage: inbox.receive });
  bridge.send({ type: 'ready', protocol: NATIVE_BRIDGE_PROTOCOL });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    inbox.answer,
    new Promise<void>((resolve) => (timer = setTimeout(resolve, HANDSHAKE_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  const { tokens, link } = inbox.settle();
  if (link) storeLink(link);

  return {
    init: { handedTokens: tokens },
    link,
    attach(api, state) {
      inbox.attach((message) => {
        switch (message.type) {
          case 'session':
            // null says the wrapper has no driver: the app's own session (if any) stays.
            if (message.tokens)
              void api.adoptTokens(message.tokens).then((result) => {
                // wouter follows the history (its navigate() is this call).
                if (result.ok && location.pathname === PATHS.login) history.replaceState(null, '', PATHS.routes);
              });
            return;
          case 'link': {
            const entry = linkOf(message);
            storeLink(entry);
            void api.openLink(entry).then(() => history.pushState(null, '', PATHS.singleRoute(entry.routeId)));
            return;
          }
          case 'location': {
            const { lat, lng, accuracy } = message;
            reportWrapperFix({ lat, lng, accuracy: accuracy ?? 0, at: message.timestamp ?? Date.now() });
            void api.reportPosition({ lat, lng, ...(accuracy !== undefined ? { accuracy } : {}), source: 'wrapper' });
            return;
          }
          case 'location_error':
            reportWrapperFix(null);
            void api.reportPosition({ error: message.reason, source: 'wrapper' });
            return;
          default: {
            const never: never = message;
            throw new Error(`unhandled wrapper message ${JSON.stringify(never)}`);
          }
        }
      });
      const stopHandOffs = handOff(bridge, () => state.appConfig.peek());
      const stopRouteReports = reportRoutes(state.route, (message) => bridge.send(message));

      // The wrapper keeps the driver's current pair (it hands it over at the next start): every new pair goes to it,
      // but not the very one it handed over.
      let known: HandedTokens | null = tokens;
      let signedIn = state.session.peek().driver !== null;
      // The wrapper believes the pair it handed over signs the driver in: when it signed nobody in (a token the app
      // cannot read), it is told so once the start has settled, and clears its keychain as after a sign-out.
      let handedUnanswered = tokens !== null;
      const stopTokens = effect(() => {
        const session = state.session.value;
        if (session.tokens && !sameTokens(session.tokens, known)) {
          known = session.tokens;
          bridge.send({ type: 'tokens', ...session.tokens });
        }
        if (session.status === 'signed_out' && (signedIn || handedUnanswered)) {
          known = null;
          bridge.send({ type: 'signed_out' });
        }
        if (session.status !== 'loading') handedUnanswered = false;
        signedIn = session.driver !== null;
      });
      return () => {
        stopHandOffs();
        stopRouteReports();
        stopTokens();
      };
    },
  };
}
