/** Server settings, read once from the environment. README.md lists every variable with its default. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { timeZoneName } from '../src-shared/domain/time-zone.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... switches to PostgreSQL; unset means SQLite in DATA_DIR. */
  databaseUrl: string | null;
  /** PostgreSQL connections per process (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  seed: 'demo' | 'none';
  publicUrl: string;
  staticDir: string;
  jwtSecret: string;
  dispatchToken: string;
  /**
   * The secrets the environment did not set, which were generated into DATA_DIR/secrets.json. On PostgreSQL the
   * database's copy replaces them (db/shared-secrets.ts), so every process shares one.
   */
  generatedSecrets: SecretName[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  linkTokenTtlSeconds: number;
  /** A refresh token reused within this many seconds of its rotation is a lost answer, not theft. */
  refreshGraceSeconds: number;
  osrmUrl: string | null;
  traceUrl: string | null;
  /** Style URL per map theme; null draws the app's built-in style (MAP_STYLE_*=offline). */
  mapStyles: { light: string | null; dark: string | null; standard: string | null };
  cleaningCustomerId: string;
  internalNotesCustomerId: string;
  supportUrl: string;
  termsUrl: string;
  privacyUrl: string;
  bodyLimitBytes: number;
  wsMaxMessageBytes: number;
  wsPingIntervalMs: number;
  /** Sockets one driver (or link) may hold on one route in one process; past it the oldest closes (0: no cap). */
  wsMaxSocketsPerRoute: number;
  /** Origins allowed to open the socket besides the server's own. */
  allowedOrigins: string[];
  /** Sign-in attempts per minute per client address. */
  signinRateLimit: number;
  /**
   * Whose X-Forwarded-For to believe for the client address: nobody (false, the default), the nearest N proxies,
   * or proxies at these addresses and CIDR ranges. Trusting every hop would let any client pick its address.
   */
  trustProxy: false | number | string[];
  /** Failed sign-ins in a row per email answered at once; after them each attempt waits (auth/attempt-limit.ts). */
  signinFreeFailures: number;
  /** Positions a driver or link may send per minute (socket and HTTP together); 0: no limit. */
  locationRateLimit: number;
  /** Status events a driver or link may send per minute (socket and HTTP together); 0: no limit. */
  eventRateLimit: number;
  /**
   * How long after a route's finish a stop update made while it was open is still taken (a phone that was offline),
   * in hours (LATE_COMPLETION_HOURS; domain/route-rules.ts). After it the route is final.
   */
  lateCompletionHours: number;
  /** Bytes of status events a driver or link may store per minute (socket and HTTP together); 0: no limit. */
  eventBytesLimit: number;
  /** Days positions and status events are kept (`locations`, `route_events`); 0: kept for ever. */
  trackingRetentionDays: number;
  /** Origins the map may load styles, tiles, glyphs and sprites from besides the style URLs' own (CSP). */
  mapHosts: string[];
  logLevel: string;
  /** IANA name: where an organisation without a time zone of its own plans its days and times of day. */
  timeZone: string;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function str(env: Env, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw === '' ? null : raw;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or one of proxy-addr's names for reserved ranges. */
function isProxyAddress(value: string): boolean {
  if (PROXY_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^[0-9]{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset, `false` or `0` trusts no proxy; a number trusts that many hops; else addresses and CIDRs. */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true')
    throw new Error(
      "TRUST_PROXY=true would believe any client's X-Forwarded-For: give the number of proxies in front (1) or their addresses (10.0.0.0/8)",
    );
  if (/^[0-9]+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const wrong = list.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined)
    throw new Error(`TRUST_PROXY must be a hop count or a comma-separated list of addresses and CIDRs, got "${wrong}"`);
  return list;
}

const list = (raw: string | undefined) =>
  (raw || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The map styles used when MAP_STYLE_* is unset: OpenFreeMap's public instance (OpenStreetMap data, no key, no
 * cookies, no request limits; docs/map.md has the terms and the attribution it needs, which maplibre shows from
 * the style's sources). Positron is the light one, Dark Matter the dark one, Liberty the classic coloured map.
 */
export const DEFAULT_MAP_STYLES = {
  light: 'https://tiles.openfreemap.org/styles/positron',
  dark: 'https://tiles.openfreemap.org/styles/dark',
  standard: 'https://tiles.openfreemap.org/styles/liberty',
} as const;

/** MAP_STYLE_*: a style URL; unset means the default above; `offline` means the built-in style (no map host). */
function mapStyle(env: Env, name: string, fallback: string): string | null {
  const raw = str(env, name);
  if (raw === null) return fallback;
  return raw.trim().toLowerCase() === 'offline' ? null : raw;
}

/** The demo's stops lie around Utrecht. */
const DEMO_TIME_ZONE = 'Europe/Amsterdam';

/**
 * TIME_ZONE, else the zone the process runs in when TZ names one, else the demo's. Never the machine's zone by
 * accident: servers usually run on UTC while their drivers do not.
 */
function timeZone(env: Env): string {
  const raw = str(env, 'TIME_ZONE');
  if (raw !== null) {
    const name = timeZoneName(raw);
    if (!name) throw new Error(`TIME_ZONE must be an IANA time zone name such as Europe/Amsterdam, got "${raw}"`);
    return name;
  }
  // POSIX lets TZ start with a colon (":Europe/Amsterdam"); a TZ that is no zone name does not count.
  const tz = str(env, 'TZ')?.replace(/^:/, '');
  return (tz && timeZoneName(tz)) || DEMO_TIME_ZONE;
}

export interface StoredSecrets {
  jwtSecret: string;
  dispatchToken: string;
}

type SecretName = keyof StoredSecrets;

const secretsFile = (dataDir: string) => join(dataDir, 'secrets.json');

/** Keeps the secrets in use where `npm run dispatch` looks for the dispatcher token. */
export function saveSecrets(dataDir: string, secrets: StoredSecrets): void {
  writeFileSync(secretsFile(dataDir), JSON.stringify(secrets, null, 2), { mode: 0o600 });
}

/** Secrets come from the environment; when unset they are made once and kept under DATA_DIR. */
export function loadSecrets(dataDir: string): StoredSecrets {
  const file = secretsFile(dataDir);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
    if (stored.jwtSecret && stored.dispatchToken) return stored;
  }
  const secrets: StoredSecrets = {
    jwtSecret: randomBytes(32).toString('base64url'),
    dispatchToken: `dsp_${randomBytes(24).toString('base64url')}`,
  };
  saveSecrets(dataDir, secrets);
  return secrets;
}

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 8080);
  const dataDir = resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  const needStored = !env.JWT_SECRET || !env.DISPATCH_TOKEN;
  const stored = needStored ? loadSecrets(dataDir) : null;
  const seed = env.SEED === 'none' ? 'none' : 'demo';
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: str(env, 'DATABASE_URL'),
    databasePoolSize: Math.max(1, int(env, 'DATABASE_POOL_SIZE', 10)),
    seed,
    publicUrl,
    staticDir: resolve(env.STATIC_DIR || './dist'),
    jwtSecret: env.JWT_SECRET || stored!.jwtSecret,
    dispatchToken: env.DISPATCH_TOKEN || stored!.dispatchToken,
    generatedSecrets: [
      ...(env.JWT_SECRET ? [] : (['jwtSecret'] as const)),
      ...(env.DISPATCH_TOKEN ? [] : (['dispatchToken'] as const)),
    ],
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL', 15 * 60),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL', 30 * 24 * 3600),
    linkTokenTtlSeconds: int(env, 'LINK_TOKEN_TTL', 7 * 24 * 3600),
    refreshGraceSeconds: int(env, 'REFRESH_GRACE_SECONDS', 30),
    osrmUrl: str(env, 'OSRM_URL'),
    traceUrl: str(env, 'TRACE_URL'),
    mapStyles: {
      light: mapStyle(env, 'MAP_STYLE_LIGHT', DEFAULT_MAP_STYLES.light),
      dark: mapStyle(env, 'MAP_STYLE_DARK', DEFAULT_MAP_STYLES.dark),
      standard: mapStyle(env, 'MAP_STYLE_STANDARD', DEFAULT_MAP_STYLES.standard),
    },
    cleaningCustomerId: env.CLEANING_CUSTOMER_ID || 'cus_clean_bins',
    internalNotesCustomerId: env.INTERNAL_NOTES_CUSTOMER_ID || 'cus_notes_only',
    supportUrl: env.SUPPORT_URL || `${publicUrl}/support`,
    termsUrl: env.TERMS_URL || `${publicUrl}/terms`,
    privacyUrl: env.PRIVACY_URL || `${publicUrl}/privacy`,
    bodyLimitBytes: int(env, 'BODY_LIMIT', 6 * 1024 * 1024),
    wsMaxMessageBytes: int(env, 'WS_MAX_MESSAGE_BYTES', 64 * 1024),
    wsPingIntervalMs: int(env, 'WS_PING_INTERVAL_MS', 30_000),
    wsMaxSocketsPerRoute: int(env, 'WS_MAX_SOCKETS_PER_ROUTE', 3),
    allowedOrigins: list(env.ALLOWED_ORIGINS),
    signinRateLimit: int(env, 'SIGNIN_RATE_LIMIT', 20),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    signinFreeFailures: int(env, 'SIGNIN_FREE_FAILURES', 5),
    locationRateLimit: int(env, 'LOCATION_RATE_LIMIT', 30),
    eventRateLimit: int(env, 'EVENT_RATE_LIMIT', 120),
    lateCompletionHours: int(env, 'LATE_COMPLETION_HOURS', 72),
    eventBytesLimit: int(env, 'EVENT_BYTES_LIMIT', 256 * 1024),
    trackingRetentionDays: int(env, 'TRACKING_RETENTION_DAYS', 90),
    mapHosts: list(env.MAP_HOSTS ?? 'https://tiles.openfreemap.org'),
    logLevel: env.LOG_LEVEL || 'info',
    timeZone: timeZone(env),
  };
}
