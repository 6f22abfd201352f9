/**
 * The native bridge's messages (docs/native-bridge.md is the contract a wrapper team reads): what the app sends to
 * an Android or iOS wrapper, and what the wrapper sends back through the one global entry point. Every message is a
 * plain object keyed on `type`, checked here against its type at the boundary, both ways: a wrapper's message that
 * does not fit is reported (never thrown at the app), and the app never sends one that does not fit.
 *
 * Hand-written checks rather than a schema library: the bridge loads only inside a wrapper, but stays small.
 */
import type { NavigationApp } from '../domain/settings.ts';
import { NAVIGATION_APPS } from '../domain/settings.ts';
import type { TokenPair } from './http.ts';

/**
 * The names a wrapper uses: the object an Android wrapper adds with addJavascriptInterface(obj, "DroplaneAndroid")
 * (its postMessage(String) takes the message as JSON text), the handler an iOS wrapper adds with
 * userContentController.add(handler, name: "droplane"), and the one global function through which a wrapper
 * reaches the app, window.droplaneReceive(message). src-ui/platform/native-detect.ts spells them too (it is on the
 * critical path and imports nothing).
 */
export const NATIVE_NAMES = {
  androidInterface: 'DroplaneAndroid',
  iosHandler: 'droplane',
  entryPoint: 'droplaneReceive',
} as const;

/** Bumped when a message changes incompatibly; the app says it in `ready`. */
export const NATIVE_BRIDGE_PROTOCOL = 1;

/** The pair the server's sign-in and refresh answer, as the wrapper keeps it. */
export type HandedTokens = TokenPair;

const EXTERNAL_LINK_PURPOSES = ['terms', 'privacy', 'help', 'link'] as const;
/** What an external link is: the About and sign-in screens' terms and privacy, the More sheet's Help, a note's link. */
export type ExternalLinkPurpose = (typeof EXTERNAL_LINK_PURPOSES)[number];

const LOCATION_ERRORS = ['denied', 'unavailable', 'timeout'] as const;
export type LocationError = (typeof LOCATION_ERRORS)[number];

/** App to wrapper. */
export type AppToWrapper =
  /** The bridge is up; the wrapper answers with `session` (tokens or null), and may then send anything else. */
  | { type: 'ready'; protocol: number }
  /** The driver's tokens changed in the app (its own sign-in, or a refresh, which rotates them): keep these. */
  | ({ type: 'tokens' } & HandedTokens)
  /** The driver signed out (or was logged out): forget the tokens. */
  | { type: 'signed_out' }
  | { type: 'route_started'; routeId: number; projectId: number }
  | { type: 'route_finished'; routeId: number; projectId: number }
  /** Open outside the app (the system browser or a custom tab). */
  | { type: 'open_url'; url: string; purpose: ExternalLinkPurpose }
  /** Directions: open the navigation app; `url` is the web link of the app the driver chose in Settings. */
  | { type: 'open_map'; url: string; lat: number; lng: number; app: NavigationApp }
  /** Take one photo; answered by `photo` or `photo_cancelled` with the same requestId. */
  | { type: 'open_camera'; requestId: string }
  /** Dial this number, E.164 with its plus ("+31612345678"). */
  | { type: 'call'; number: string };

/** Wrapper to app. */
export type WrapperToApp =
  /** The wrapper's signed-in driver, or null for none. The answer to `ready`, and whenever the wrapper signs in. */
  | { type: 'session'; tokens: HandedTokens | null }
  /** Open a shared link's route (as the `?projectId&routeId&token` link would). */
  | { type: 'link'; projectId: number; routeId: number; token: string }
  /** A position fix; `timestamp` epoch ms (when the fix was taken), `accuracy` metres. */
  | { type: 'location'; lat: number; lng: number; accuracy?: number; timestamp?: number }
  | { type: 'location_error'; reason: LocationError }
  /** The photo `open_camera` asked for: a JPEG or PNG, base64 (no data: prefix). */
  | { type: 'photo'; requestId: string; mimeType: 'image/jpeg' | 'image/png'; base64: string }
  | { type: 'photo_cancelled'; requestId: string };

/** How one field is checked. A trailing `?` in the table's key makes the field optional. */
type FieldRule =
  | 'string'
  | 'nonEmpty'
  | 'number'
  | 'positiveInt'
  | 'latitude'
  | 'longitude'
  | 'e164'
  | 'httpUrl'
  | 'base64'
  | 'tokens|null'
  | readonly string[];

type Table<T extends { type: string }> = { [K in T['type']]: Record<string, FieldRule> };

const TOKEN_FIELDS: Record<string, FieldRule> = {
  accessToken: 'nonEmpty',
  refreshToken: 'nonEmpty',
  expiresAt: 'number',
};

const APP_TO_WRAPPER: Table<AppToWrapper> = {
  ready: { protocol: 'positiveInt' },
  tokens: TOKEN_FIELDS,
  signed_out: {},
  route_started: { routeId: 'positiveInt', projectId: 'positiveInt' },
  route_finished: { routeId: 'positiveInt', projectId: 'positiveInt' },
  open_url: { url: 'httpUrl', purpose: EXTERNAL_LINK_PURPOSES },
  open_map: { url: 'httpUrl', lat: 'latitude', lng: 'longitude', app: NAVIGATION_APPS },
  open_camera: { requestId: 'nonEmpty' },
  call: { number: 'e164' },
};

const WRAPPER_TO_APP: Table<WrapperToApp> = {
  session: { tokens: 'tokens|null' },
  link: { projectId: 'positiveInt', routeId: 'positiveInt', token: 'nonEmpty' },
  location: { lat: 'latitude', lng: 'longitude', 'accuracy?': 'number', 'timestamp?': 'number' },
  location_error: { reason: LOCATION_ERRORS },
  photo: { requestId: 'nonEmpty', mimeType: ['image/jpeg', 'image/png'], base64: 'base64' },
  photo_cancelled: { requestId: 'nonEmpty' },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Why the value breaks the rule, or null when it keeps it. */
function breaks(rule: FieldRule, value: unknown): string | null {
  if (typeof rule !== 'string') return rule.includes(value as string) ? null : `is not one of ${rule.join(', ')}`;
  switch (rule) {
    case 'string':
      return typeof value === 'string' ? null : 'is not a string';
    case 'nonEmpty':
      return typeof value === 'string' && value.length > 0 ? null : 'is not a non-empty string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'is not a finite number';
    case 'positiveInt':
      return Number.isInteger(value) && (value as number) > 0 ? null : 'is not a positive integer';
    case 'latitude':
      return typeof value === 'number' && value >= -90 && value <= 90 ? null : 'is not a latitude';
    case 'longitude':
      return typeof value === 'number' && value >= -180 && value <= 180 ? null : 'is not a longitude';
    case 'e164':
      return typeof value === 'string' && /^\+[1-9]\d{5,14}$/.test(value) ? null : 'is not an E.164 number';
    case 'httpUrl':
      return typeof value === 'string' && /^https?:\/\/[^\s]+$/i.test(value) ? null : 'is not an http(s) URL';
    case 'base64':
      return typeof value === 'string' && value.length % 4 === 0 && BASE64.test(value) ? null : 'is not base64';
    case 'tokens|null': {
      if (value === null) return null;
      if (!isRecord(value)) return 'is neither a token pair nor null';
      const problem = check(TOKEN_FIELDS, value);
      return problem ? `.${problem}` : null;
    }
    default: {
      const never: never = rule;
      return `has an unknown rule ${String(never)}`;
    }
  }
}

/** The first field of `message` that breaks `fields`, as "name is not ...", or null. Unknown fields are allowed. */
function check(fields: Record<string, FieldRule>, message: Record<string, unknown>): string | null {
  for (const [key, rule] of Object.entries(fields)) {
    const optional = key.endsWith('?');
    const name = optional ? key.slice(0, -1) : key;
    const value = message[name];
    if (value === undefined && optional) continue;
    const problem = breaks(rule, value);
    if (problem) return `${name} ${problem}`;
  }
  return null;
}

export type Checked<T> = { ok: true; message: T } | { ok: false; reason: string };

function validate<T extends { type: string }>(table: Table<T>, value: unknown): Checked<T> {
  if (!isRecord(value)) return { ok: false, reason: 'not an object' };
  const { type } = value;
  if (typeof type !== 'string' || !Object.hasOwn(table, type))
    return { ok: false, reason: `unknown type ${String(type)}` };
  const problem = check(table[type as T['type']], value);
  return problem ? { ok: false, reason: `${type}: ${problem}` } : { ok: true, message: value as unknown as T };
}

/**
 * A message from the wrapper as it reached the entry point: an object, or its JSON text (Android's
 * evaluateJavascript hands over text most easily).
 */
export function parseWrapperMessage(raw: unknown): Checked<WrapperToApp> {
  if (typeof raw === 'string') {
    try {
      return validate(WRAPPER_TO_APP, JSON.parse(raw));
    } catch {
      return { ok: false, reason: 'not JSON' };
    }
  }
  return validate(WRAPPER_TO_APP, raw);
}

/** A message of the app's, checked before it leaves (a bug of ours must not reach a wrapper as a half message). */
export function checkAppMessage(message: AppToWrapper): Checked<AppToWrapper> {
  return validate(APP_TO_WRAPPER, message);
}
