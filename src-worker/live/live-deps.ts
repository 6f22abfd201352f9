/**
 * What the live route's services share (live.ts composes them) beyond the core's context (core-context.ts): the
 * platform's WebSocket, the server's address, the device's id, the session's word on the channel's token, the open
 * route, the frame a burst of patches waits for; and the plan's word on what may go out live. Here, so no service
 * imports the module that composes it.
 */
import type { Plan } from '../../src-shared/protocol/entities.ts';
import type { Store } from '../base/store.ts';
import type { OpenWebSocket } from './live-connection.ts';
import type { OpenRoute } from './server-events.ts';

export interface LiveDeps {
  /** Absent where there is no WebSocket (the live channel is then off; the rest of the app works). */
  openWebSocket?: OpenWebSocket;
  /** The server's origin (core/server-origin.ts), read at each connect. */
  baseUrl: () => string;
  /** The device's id, which the channel's URL carries. */
  deviceId: () => Promise<string>;
  /** The token of the route's channel; `renew`: the server ended the last one (session.ts liveToken). */
  liveToken: (routeId: number, renew: boolean) => Promise<string | null>;
  /** The server withdrew the route's channel (4403): true when that refused its shared link (session.ts). */
  channelWithdrawn: (routeId: number) => Promise<boolean>;
  /** The open route, which the server's events change (server-events.ts). */
  route: OpenRoute;
  /** Runs `release` about a frame later: a burst of events reaches the UI as one patch (a real timer, no clock). */
  nextFrame: (release: () => void) => void;
}

/** What the plan allows; an unknown plan (a shared link sees no organisation) allows, the server decides. */
const allows = (plan: Plan | undefined, flag: 'ft_live_status_updates' | 'ft_realtime_driver_tracking') =>
  plan ? plan[flag] !== false : true;

/** Whether the signed-in organisation's plan, as the store has it now, allows this live feature. */
export const planAllows = (store: Store, flag: 'ft_live_status_updates' | 'ft_realtime_driver_tracking') =>
  allows(store.get().organisation?.plan, flag);
