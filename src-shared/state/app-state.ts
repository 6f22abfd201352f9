/**
 * The app's state as the worker owns it and the UI mirrors it. Everything here is structured-cloneable.
 * Each top-level key is one slice: the UI keeps one signal per slice.
 */

import type { RouteSection } from '../domain/route-list.ts';
import type { Settings } from '../domain/settings.ts';
import { DEFAULT_SETTINGS } from '../domain/settings.ts';
import type { Organisation, Route } from '../protocol/entities.ts';
import type { AppConfig, TokenPair } from '../protocol/http.ts';

/** Who the access token says the driver is (the Account screen reads these). */
export interface DriverProfile {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  organisationName: string;
  organisationId: number;
}

/** A shared link's session: opens exactly one route without signing in. */
export interface LinkSession {
  projectId: number;
  routeId: number;
  /** True when the app runs inside a native wrapper's webview. */
  webView: boolean;
}

interface SessionState {
  /** 'loading' until the stored session has been read. */
  status: 'loading' | 'signed_out' | 'signed_in';
  driver: DriverProfile | null;
  link: LinkSession | null;
  /**
   * The driver's current tokens, only when the app runs inside a native wrapper (PlatformInit.handedTokens present): the page
   * hands them to the wrapper after each change, as refresh tokens rotate. Absent in a browser.
   */
  tokens?: TokenPair | null;
}

export type NoticeKind =
  | 'logged_out_automatically'
  | 'no_internet'
  | 'app_updated'
  | 'server_message'
  /** The server refused a completion for good: `ref` is its id in `outbox.parked`. */
  | 'completion_refused'
  /** The open route's stops changed order or number (a dispatcher's reorder, a refresh): "Your route has been updated". */
  | 'route_updated'
  /**
   * The server stored a completion for a stop the dispatcher had removed (it was queued before the driver heard):
   * "This stop was removed by your dispatcher; your completion was kept". `ref` is the completion's id.
   */
  | 'completion_kept_removed_stop';

/** A message for the driver that the worker raises (snackbar or alert); the UI dismisses it by id. */
export interface Notice {
  id: number;
  kind: NoticeKind;
  /** The server's own words, for kind server_message. */
  text?: string;
  /** What the notice is about (a parked completion's id). */
  ref?: string;
}

/** Why the server refused a completion for good (see src-worker/outbox/send-policy.ts). */
export type RefusalReason = 'not_found' | 'refused' | 'too_large' | 'server_error' | 'link_refused';

/**
 * A completion the server refused for good, kept on the device with what the driver entered until they retry or
 * discard it: it is never dropped unseen.
 */
export interface ParkedCompletion {
  /** The completion's id (its Idempotency-Key). */
  id: string;
  routeId: number;
  stopId: number;
  /** The stop as the driver knew it when completing it: its number (null for start, end, break) and name. */
  stop: { number: number | null; name: string };
  status: 'finished' | 'skipped';
  /** When the driver completed it (ISO 8601), or null. */
  completedAt: string | null;
  completionNote: string | null;
  recipientNote: string | null;
  photos: number;
  signed: boolean;
  signatureName: string | null;
  birthDate: string | null;
  reason: RefusalReason;
  /** The refusal's HTTP status. */
  httpStatus: number;
  /** The server's own words. */
  message: string;
  /** The server's error field: 'service' (the stop) or 'id' (the route) on a 404. */
  field?: string;
  /** Epoch ms. */
  parkedAt: number;
}

/** The outbox of the session's driver (or link): what waits to be sent, and what the server refused. */
interface OutboxState {
  /** Completions on the device not yet on the server, across every route. */
  unsent: number;
  parked: ParkedCompletion[];
}

export interface ConnectivityState {
  online: boolean;
  visible: boolean;
}

/** The route list, grouped by the core (src-shared/domain/route-list.ts) for the New and Closed tabs. */
export interface RouteListState {
  /** idle: never asked; loading: first load with nothing to show; ready: sections hold a list. */
  status: 'idle' | 'loading' | 'ready';
  /** A reload (pull-to-refresh) is running while the list stays on screen. */
  refreshing: boolean;
  /** The device's date the sections were grouped for. */
  today: string;
  sections: { new: RouteSection[]; closed: RouteSection[] };
  /** Epoch ms of the server answer shown; from the device's cache when `fromCache`. */
  fetchedAt: number | null;
  fromCache: boolean;
}

/** A route opened read-only (the Closed tab's preview drawer). */
interface PreviewState {
  routeId: number;
  status: 'loading' | 'ready' | 'failed';
  route: Route | null;
}

/** The route open in the route view. */
export interface ActiveRouteState {
  routeId: number;
  shared: boolean;
  status: 'loading' | 'ready' | 'failed';
  route: Route | null;
  /** The planned line as [lng, lat] pairs, decoded in the core; null until it arrives. */
  line: [number, number][] | null;
  /** True when the line is straight between the stops (no road data on the server). */
  lineIsFallback: boolean;
  activeStopId: number | null;
  /** Stops whose completion is stored on the device but not yet on the server. */
  unsentStopIds: number[];
  /** An intent on the route is running: the UI shows it and blocks repeats. */
  busy: 'refreshing' | 'starting' | 'finishing' | null;
  /** Every stop but the end is done: the drawer opens at state 0 and Complete route is offered. */
  finishing: boolean;
  /** Shown from the device's copy: the server could not be reached. */
  fromCache: boolean;
  /**
   * A refresh the driver did not ask for (after a refused completion) found the route gone or no longer theirs:
   * the UI says so the spec's way (section 8) and leaves, as it would after a failed open.
   */
  lost: 'route_expired' | 'server_message' | 'link_refused' | null;
  /** The server's words, for `lost: 'server_message'`. */
  lostMessage?: string;
  /**
   * For `lost: 'link_refused'`: the completions made through the link that the server never got. They stay on this
   * phone, parked (nothing sends them any more), and the driver is told how many.
   */
  lostNotSaved?: number;
  /**
   * The dispatcher changed the route under the driver (spec section 4 "Real-time events"): the New Changes dialog
   * asks to refresh (Refresh / Later). Cleared by a refresh or by Later.
   */
  changes: 'republished' | 'driver_changed' | null;
}

/**
 * The live channel of the open route (src-worker/live): connected; connecting or waiting to reconnect; off (no
 * route open, or offline); withdrawn (the server closed it for good: the route is no longer this driver's).
 */
export type LiveSocketState = 'off' | 'connecting' | 'connected' | 'reconnecting' | 'withdrawn';

interface LiveState {
  socket: LiveSocketState;
}

/**
 * Arrival noticed by the phone (issue 34, docs/delivery-outcomes.md): the stop whose card offers Arrived with a
 * gentle prompt (src-worker/routes/arrival-offer.ts), or null.
 */
interface ArrivalState {
  offer: { stopId: number } | null;
}

export interface AppState {
  session: SessionState;
  settings: Settings;
  organisation: Organisation | null;
  appConfig: AppConfig | null;
  connectivity: ConnectivityState;
  notices: Notice[];
  routeList: RouteListState;
  preview: PreviewState | null;
  route: ActiveRouteState | null;
  outbox: OutboxState;
  live: LiveState;
  arrival: ArrivalState;
}

export type SliceKey = keyof AppState;

export function initialState(settings: Settings = DEFAULT_SETTINGS): AppState {
  return {
    session: { status: 'loading', driver: null, link: null },
    settings,
    organisation: null,
    appConfig: null,
    connectivity: { online: true, visible: true },
    notices: [],
    routeList: {
      status: 'idle',
      refreshing: false,
      today: '',
      sections: { new: [], closed: [] },
      fetchedAt: null,
      fromCache: false,
    },
    preview: null,
    route: null,
    outbox: { unsent: 0, parked: [] },
    live: { socket: 'off' },
    arrival: { offer: null },
  };
}
