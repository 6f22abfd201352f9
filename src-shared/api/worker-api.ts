/**
 * The one contract between the UI and the core. The worker implements it (src-worker/core/create-worker-api.ts);
 * the UI holds `Remote<WorkerApi>` (src-ui/bridge). Intents are verbs with structured-cloneable arguments that
 * resolve to a Result; state reaches the UI as a snapshot, then versioned patches through one subscription.
 */
import type { SettingKey, Settings } from '../domain/settings.ts';
import type { Variant } from '../domain/variant.ts';
import type { CleaningStatus, DeliveryPlaceRecord } from '../protocol/entities.ts';
import type { TokenPair, UnitScanUpdate } from '../protocol/http.ts';
import type { ConnectivityState, DriverProfile, LinkSession, NoticeKind } from '../state/app-state.ts';
import type { Patch, Snapshot } from '../state/patch.ts';

/**
 * Why an intent failed. The UI maps each code to the spec's message (src-ui/i18n/errors.ts); `server_message`
 * carries the server's own words in `message`.
 */
export const INTENT_ERRORS = [
  'empty_field',
  'too_long',
  'no_user',
  'incorrect_password',
  'offline',
  'unauthorized',
  /** The server refused the shared link the route was opened with (revoked or expired): a new link is needed. */
  'link_refused',
  'not_found',
  'subscription_cancelled',
  'route_expired',
  'stop_not_found',
  'fetch_failed',
  'no_publication_settings',
  'start_too_early',
  'blocked',
  'unsent_pending',
  'unsupported_file',
  /** The completion breaks a rule of src-shared/domain/completion-rules.ts: `message` lists them, comma-separated. */
  'invalid_completion',
  /** The server said the stop's delivery code is not the one typed: `message` is how many tries are left ("0": locked). */
  'wrong_delivery_code',
  'server_message',
  'unknown',
] as const;
export type IntentError = (typeof INTENT_ERRORS)[number];

export interface Failure {
  ok: false;
  error: IntentError;
  message?: string;
  field?: string;
}

export type Result<T = void> = { ok: true; value: T } | Failure;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const okVoid: Result = { ok: true, value: undefined };
export const fail = (error: IntentError, message?: string, field?: string): Failure => ({
  ok: false,
  error,
  ...(message !== undefined ? { message } : {}),
  ...(field !== undefined ? { field } : {}),
});

/** What the driver decided at a stop; proofs come with the proof-of-delivery screens. */
export interface StopCompletion {
  status: 'finished' | 'skipped';
  completion_note?: string | null;
  recipient_note?: string | null;
  position?: { lat: number; lng: number } | null;
  /**
   * Proof of delivery, for a delivered stop (a skipped one carries only the photos its failure reason asks for, in
   * `images`).
   */
  proofs?: {
    /** Handles from preparePhoto ("photo:<id>"), or the URLs of the stop's stored photos to keep them; at most 3. */
    images?: string[];
    /** A PNG data URL of the signature, or the stored signature's URL. */
    signature?: string | null;
    signature_name?: string | null;
    /** When a new signature was signed (ISO 8601, the phone's clock): its capture time in the stop update. */
    signature_captured_at?: string;
    /** YYYY-MM-DD. */
    recipient_date_of_birth?: string | null;
  };
  /** The cleaning variant's status picker. */
  cleaning?: { status: CleaningStatus; definition: string | null; sticker: boolean };
  /** The scan state of the stop's units (issue 19), for a delivered stop; left out, the stop's units keep theirs. */
  units?: UnitScanUpdate[];
  /** The variant the screen used (its URL mock); the organisation's when absent. */
  variant?: Variant;
  /** Extension (issue 34): why a skipped stop failed, a code of the organisation's reasons. */
  failure_reason?: string | null;
  /** Extension (issue 34): where a delivered stop's parcel went. */
  delivery_place?: DeliveryPlaceRecord | null;
  /**
   * Extension (issue 34): the recipient's code as typed, for a delivered stop that asks for one. Tried online before
   * it is queued (`wrong_delivery_code` when wrong); offline it is queued and the server checks it on sending.
   */
  delivery_code?: string | null;
}

/** A Blob (or File) crossing the boundary; written structurally because src-shared has no DOM lib. */
export interface BlobLike {
  readonly type: string;
  readonly size: number;
}

/** The photo file the page hands over. */
export type PhotoFile = BlobLike;

/**
 * A photo resized in the core: at most 800 px wide, orientation applied, JPEG. The photo stays in the core: the UI
 * shows it through loadImage(handle) and names it by handle in the completion's `proofs.images`.
 */
export interface PreparedPhoto {
  handle: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Where a position comes from: the page's own geolocation watch, or a native wrapper (docs/native-bridge.md), which
 * keeps tracking while the driver is in a navigation app. A wrapper's positions win while it keeps sending them.
 */
export type PositionSource = 'browser' | 'wrapper';

/**
 * A camera frame to decode (issue 19): an ImageBitmap the platform layer grabbed (transferred, so it costs no copy),
 * or ImageData-like pixels. Written structurally: src-shared has no DOM lib.
 */
export interface BarcodeFrame {
  readonly width: number;
  readonly height: number;
  /** RGBA pixels, when the frame is ImageData-like rather than an ImageBitmap. */
  readonly data?: Uint8ClampedArray;
}

/** A code found in a frame: its text and its symbology (as the decoder names it). */
export interface DecodedBarcode {
  text: string;
  format: string;
}

/** A position fix, or the reason the device has none (permission denied, unavailable, timeout). */
export type PositionReport = ({ lat: number; lng: number; accuracy?: number } | { error: string }) & {
  /** 'browser' when absent. */
  source?: PositionSource;
};

/** A shared link as the URL carried it, with its token. */
export interface LinkEntry extends LinkSession {
  token: string;
}

/** What the UI's platform layer knows at start: cookies, sessionStorage, the browser's state. */
export interface PlatformInit {
  /** The API's origin (location.origin in the browser). */
  baseUrl: string;
  /** From the settings cookies. */
  settings: Settings;
  /** Whether a language cookie existed; if not, the core looks the country up (TRACE_URL) to choose one. */
  languageChosen: boolean;
  /** The shared link kept in sessionStorage, if any. */
  link: LinkEntry | null;
  online: boolean;
  visible: boolean;
  /**
   * Only inside a native wrapper (docs/native-bridge.md): the tokens it handed over at start, or null when it has no
   * driver. The app starts signed in as that driver, unless the device holds a newer pair of the same driver (the app
   * refreshed them since; refresh tokens rotate). Present at all, the driver's tokens are mirrored into
   * `session.tokens`, so the page can hand refreshed ones back to the wrapper.
   */
  handedTokens?: TokenPair | null;
}

/** Receives every patch, in version order. Passed once, wrapped in Comlink's proxy(). */
export type PatchListener = (patch: Patch) => void;

export interface WorkerApi {
  /** Reads the stored session and the cached config, then answers the first snapshot. Call once. */
  start(init: PlatformInit): Promise<Snapshot>;
  /** The current state, for the first render and after a version gap. */
  snapshot(): Promise<Snapshot>;
  /** The one long-lived subscription; a second call replaces (and releases) the first listener. */
  subscribe(listener: PatchListener): Promise<void>;
  /** Drops the listener and releases its proxy. */
  unsubscribe(): Promise<void>;

  /** Sign-in step one: does a driver with this email exist? */
  checkEmail(email: string): Promise<Result>;
  /** Sign-in step two; on success the driver, organisation and app config are loaded. */
  signIn(email: string, password: string): Promise<Result<DriverProfile>>;
  requestPasswordReset(email: string): Promise<Result>;
  /** Clears everything stored except the per-route unsent lists. */
  signOut(): Promise<Result>;

  /**
   * Tokens a native wrapper handed over after the start (it signed the driver in itself): the app signs in as that
   * driver, as at a start with `handedTokens`. `unknown` when the access token names no driver.
   */
  adoptTokens(tokens: TokenPair): Promise<Result<DriverProfile>>;

  /** Opens a shared link's session (kept for the browser session by the platform layer). */
  openLink(link: LinkEntry): Promise<Result>;
  closeLink(): Promise<Result>;

  /** `changed` is false when the value was already the current one (then nothing happens). */
  setSetting<K extends SettingKey>(key: K, value: Settings[K]): Promise<Result<{ changed: boolean }>>;

  /**
   * Loads the driver's routes into `routeList` (the cached copy first, when there is one). `refresh` is the
   * pull-to-refresh: the list stays on screen while it reloads.
   */
  loadRouteList(options?: { refresh?: boolean }): Promise<Result>;
  /** Opens a route read-only in `preview` (the Closed tab's drawer); null closes it. */
  previewRoute(routeId: number | null): Promise<Result>;

  /**
   * Opens a route in `route` (from the device's copy when offline). `shared` for a shared link's route. On a
   * failure the link session may have been cleared (section 8): the UI then goes to the account or sign-in.
   */
  openRoute(routeId: number, options: { shared: boolean }): Promise<Result>;
  /** Pull-to-refresh and New Changes: the route again from the server, kept on screen meanwhile. */
  refreshRoute(): Promise<Result>;
  closeRoute(): Promise<void>;
  /** Start route; `start_too_early` carries the project date in `message`. */
  startRoute(position: { lat: number; lng: number } | null): Promise<Result>;
  /** The stop the drawer and carousel show as active. */
  selectStop(stopId: number): Promise<void>;
  /**
   * Completes a stop (skip, one-click delivered, resume a break). Stored on the device first, then sent; offline
   * it stays queued and the stop shows as unsent. `blocked` carries the ActionBlock kind in `message`.
   */
  completeStop(stopId: number, update: StopCompletion): Promise<Result>;
  /** Decodes, orients and resizes a photo the driver took or picked (jpeg, jpg or png; else `unsupported_file`). */
  preparePhoto(file: PhotoFile): Promise<Result<PreparedPhoto>>;
  /**
   * A stored proof image (a stop's photo or signature, `/v1/images/{id}`), fetched with the session's token: an
   * image element cannot send one. The UI shows the Blob as an object URL it revokes when the image leaves the
   * screen. Only the server's image paths are fetched (`not_found` for anything else); a photo handle from
   * preparePhoto answers the core's resized photo.
   */
  loadImage(url: string): Promise<Result<BlobLike>>;
  /**
   * The barcodes in a camera frame, decoded off the main thread (the browser's BarcodeDetector, else zxing-wasm loaded
   * on the first frame). An ImageBitmap is closed once read. `unknown` when no decoder could be loaded.
   */
  decodeBarcodes(frame: BarcodeFrame): Promise<Result<DecodedBarcode[]>>;
  /** A completion the server refused (in `outbox.parked`) goes back in the queue and is sent again. */
  retryCompletion(id: string): Promise<Result>;
  /** A completion the server refused is thrown away, at the driver's word only. */
  discardCompletion(id: string): Promise<Result>;
  /** Complete route: every stop done and nothing unsent (else `unsent_pending`, and a new send is tried). */
  finishRoute(position: { lat: number; lng: number } | null): Promise<Result>;

  /**
   * Fetches a route's map ahead, for a dead zone: its tiles (the route's area, picked by the map from its style) and
   * `style`, the style's own files (document, TileJSON, sprite, glyphs), into the bounded caches the service worker
   * serves from; a copy already kept is not fetched again. `viaServiceWorker`: the service worker controls the page
   * (and so the core's fetches), and its routes keep what passes them; else (a first session before it took over,
   * or no service worker) the core keeps them in those caches itself, by the same rules. A newer call stops an
   * older one; at most 400 tile URLs, other hosts only.
   */
  prefetchMapTiles(
    urls: string[],
    options?: { viaServiceWorker?: boolean; style?: string[] },
  ): Promise<Result<{ fetched: number; failed: number }>>;
  /**
   * Loads the core's code for working a stop (photo resizing, proof images, barcode decoding) ahead of its first
   * use, so a signal lost before the service worker took over leaves no stop half-workable. The route view
   * asks as it opens, and shows its stops once this is in (src-ui/screens/stop/stop-code.ts); `offline` when a part
   * could not be loaded (asked again).
   */
  loadStopCode(): Promise<Result>;

  /**
   * The device's position (or why there is none) as the platform layer's geolocation watch (or a native wrapper)
   * reports it. The core sends it live while the route is in progress and the plan allows tracking.
   */
  reportPosition(report: PositionReport): Promise<void>;
  /**
   * The arrival prompt on a stop's card was dismissed (or answered with Arrived): it does not come back for that stop
   * until the driver has left its radius and returned (src-worker/routes/arrival-offer.ts).
   */
  dismissArrival(stopId: number): Promise<void>;
  /**
   * The arrival prompt was answered with Arrived: it goes, as dismissed, and the arrival is sent to the server (where
   * the route has arrival detection; the first arrival of a stop is the one kept). Offline it waits in the core.
   */
  confirmArrival(stopId: number): Promise<void>;
  /** New Changes, Later: the dialog goes until the next change. */
  dismissChanges(): Promise<void>;
  /** The platform layer forwards online/offline and visibility changes. */
  setConnectivity(change: Partial<ConnectivityState>): Promise<void>;
  /** A notice the platform saw (e.g. the service worker's update); shown like the core's own. */
  notify(kind: NoticeKind): Promise<void>;
  dismissNotice(id: number): Promise<void>;
}
