/** Server settings, read once from the environment. README.md lists every variable with its default. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { timeZoneName } from '../src-shared/domain/time-zone.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... switches to PostgreSQL; unset means SQLite in DATA_DIR. */
  databaseUrl: string | null;
  seed: 'demo' | 'none';
  publicUrl: string;
  staticDir: string;
  jwtSecret: string;
  dispatchToken: string;
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
  /** Origins allowed to open the socket besides the server's own. */
  allowedOrigins: string[];
  /** Sign-in attempts per minute per client address. */
  signinRateLimit: number;
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

interface StoredSecrets {
  jwtSecret: string;
  dispatchToken: string;
}

/** Secrets come from the environment; when unset they are made once and kept under DATA_DIR. */
function loadSecrets(dataDir: string): StoredSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
    if (stored.jwtSecret && stored.dispatchToken) return stored;
  }
  const secrets: StoredSecrets = {
    jwtSecret: randomBytes(32).toString('base64url'),
    dispatchToken: `dsp_${randomBytes(24).toString('base64url')}`,
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
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
    seed,
    publicUrl,
    staticDir: resolve(env.STATIC_DIR || './dist'),
    jwtSecret: env.JWT_SECRET || stored!.jwtSecret,
    dispatchToken: env.DISPATCH_TOKEN || stored!.dispatchToken,
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
    wsMaxMessageBytes: int(env, 'WS_MAX_MESSAGE_BYTES', 1024 * 1024),
    wsPingIntervalMs: int(env, 'WS_PING_INTERVAL_MS', 30_000),
    allowedOrigins: (env.ALLOWED_ORIGINS || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    signinRateLimit: int(env, 'SIGNIN_RATE_LIMIT', 20),
    logLevel: env.LOG_LEVEL || 'info',
    timeZone: timeZone(env),
  };
}
