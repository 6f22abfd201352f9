/**
 * Online or offline, and whether the page is shown: the platform's word (setConnectivity) and what requests found
 * out (the api client's `reached`). The live channel follows, "No internet connection" comes and goes, and what
 * waits on the device is sent when the network is back.
 */
import type { ConnectivityState } from '../../src-shared/state/app-state.ts';
import type { CoreContext } from '../core-context.ts';
import type { Session } from '../session/session.ts';
import type { LazyRouteFeatures } from './lazy-route-features.ts';
import type { Notices } from './notices.ts';
import type { WaitingSends } from './waiting-sends.ts';

export interface Connectivity {
  /** The platform's online/offline and visibility; `observed`: what a request found out instead (see `reached`). */
  change(change: Partial<ConnectivityState>, observed?: boolean): Promise<void>;
  /** The api client's `net/reached`: whether a request got an answer. */
  reached(answered: boolean): void;
}

export function createConnectivity(
  { store }: Pick<CoreContext, 'store'>,
  // The root's services it tells (core-services.ts names them; a type of their own here, not an import loop).
  {
    notices,
    routes,
    waiting,
    session,
  }: { notices: Notices; routes: LazyRouteFeatures; waiting: WaitingSends; session: Pick<Session, 'sendRevocations'> },
): Connectivity {
  async function change(change: Partial<ConnectivityState>, observed = false) {
    store.update('connectivity', (c) => ({ ...c, ...change }));
    const { visible, online } = change;
    if (visible !== undefined) void routes.whenLoaded(({ live }) => live.visible(visible));
    if (online === true) void routes.whenLoaded(({ live }) => live.socket?.retryNow());
    // Only the platform's word: a request that found no answer says nothing about the socket's own connection.
    if (online === false && !observed) void routes.whenLoaded(({ live }) => live.socket?.drop());
    if (change.online === false) notices.notify('no_internet');
    if (change.online === true) {
      notices.dismissKind('no_internet');
      // Back online: what waits on the device is sent now. Found out by an answer, the request that got it is
      // already going, so only the waiting queues; the platform's own "online" retries everything at once.
      void waiting.sendWaiting(!observed).catch(() => {});
      void session.sendRevocations().catch(() => {});
    }
  }

  return {
    change,
    reached(answered) {
      // What the network does is what counts: a request with no answer means offline, any answer means online.
      if (store.get().connectivity.online !== answered) void change({ online: answered }, true);
    },
  };
}
