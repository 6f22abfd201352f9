/**
 * Access, refresh and link tokens: JWTs (HS256) of distinct `typ` and audience, so one can never stand in for
 * another (RFC 8725). The access token carries what the Account screen shows.
 */
import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'droplane';
export const AUDIENCE = { access: 'droplane:driver', refresh: 'droplane:refresh', link: 'droplane:link' } as const;
type TokenType = keyof typeof AUDIENCE;

export interface AccessClaims {
  id: number;
  first_name: string;
  last_name: string;
  organisationName: string;
  organisationId: number;
  /**
   * The refresh family (one sign-in) the token was issued with, as `fam`, so revoking the family ends its access
   * tokens and their sockets too (auth/families.ts). Absent in tokens issued before it was carried.
   */
  familyId?: string;
}

interface RefreshClaims {
  driverId: number;
  jti: string;
  familyId: string;
}

interface LinkClaims {
  linkId: string;
  routeId: number;
  projectId: number;
  organisationId: number;
}

/**
 * A token's identity and issue time, when a token must be signed again exactly as it was (the refresh token of a
 * refresh replayed within its grace window): HS256 is deterministic, so the same claims, jti and iat give the same
 * token. The access token of that replay keeps its jti but starts at the replay (token-pairs.ts).
 */
export interface Issue {
  jti: string;
  /** Seconds since the epoch. */
  iat: number;
}

export interface TokenService {
  signAccess(claims: AccessClaims, issue?: Issue): Promise<{ token: string; expiresAt: number }>;
  signRefresh(
    driverId: number,
    familyId: string,
    issue?: Issue,
  ): Promise<{ token: string; jti: string; expiresAt: number }>;
  signLink(claims: LinkClaims): Promise<string>;
  /** `evenExpired`: the signature, issuer and audience are checked, the expiry not (the revoke call takes them). */
  verifyAccess(token: string, options?: VerifyOptions): Promise<AccessClaims>;
  verifyRefresh(token: string, options?: VerifyOptions): Promise<RefreshClaims>;
  verifyLink(token: string): Promise<LinkClaims>;
  /** Which kind a token claims to be, without trusting it; verification follows. */
  peekType(token: string): TokenType | null;
  /** When a token expires, epoch milliseconds, without trusting it: for a token already verified. */
  peekExpiry(token: string): number | null;
}

/**
 * The token itself is refused: a bad signature, expired, of another type or audience, or malformed. Every verify
 * throws this and nothing else for a token's fault, so a caller can tell a refused token (401) from its own
 * failure (issue 46: principal.ts).
 */
export class TokenRejected extends Error {}

interface VerifyOptions {
  evenExpired?: boolean;
}

export interface TokenTtls {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  linkTokenTtlSeconds: number;
}

/**
 * JWTs of one key and one clock, each of a type: signed with the type's audience and `typ`, and verified against
 * both, so a token of one type is refused as any other.
 */
function createTypedJwt(secret: string, now: () => number) {
  const key = new TextEncoder().encode(secret);
  const nowSeconds = () => Math.floor(now() / 1000);

  return {
    async sign(type: TokenType, payload: Record<string, unknown>, subject: string, ttl: number, iat = nowSeconds()) {
      const token = await new SignJWT({ ...payload, typ: type })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE[type])
        .setSubject(subject)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttl)
        .sign(key);
      return { token, expiresAt: (iat + ttl) * 1000 };
    },

    async verify(type: TokenType, token: string, options: VerifyOptions = {}) {
      let verified: Awaited<ReturnType<typeof jwtVerify>>;
      try {
        verified = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE[type],
          algorithms: ['HS256'],
          currentDate: new Date(now()),
          // jose refuses a token whose exp is before now minus the tolerance: no tolerance is larger than this one.
          ...(options.evenExpired ? { clockTolerance: Number.MAX_SAFE_INTEGER } : {}),
        });
      } catch (error) {
        // jose says every fault of the token with one of its errors; anything else is not the token's.
        if (error instanceof errors.JOSEError) throw new TokenRejected(error.code);
        throw error;
      }
      if (verified.payload.typ !== type) throw new TokenRejected('wrong token type');
      return verified.payload;
    },
  };
}

type TypedJwt = ReturnType<typeof createTypedJwt>;

/** Each kind's claims as its token's payload, signed for that kind's lifetime. */
function tokenSigning(jwt: TypedJwt, ttls: TokenTtls): Pick<TokenService, 'signAccess' | 'signRefresh' | 'signLink'> {
  return {
    async signAccess(claims, issue) {
      // A jti of its own: two access tokens signed in the same second (a sign-in, then a refresh) are never the same
      // token. A refresh replayed within its grace shares its first use's jti (token-pairs.ts): nothing revokes or
      // looks up an access token by its jti, so that costs nothing.
      const jti = issue?.jti ?? randomUUID();
      const { familyId, ...shown } = claims;
      const payload = { ...shown, ...(familyId ? { fam: familyId } : {}), jti };
      return jwt.sign('access', payload, String(claims.id), ttls.accessTokenTtlSeconds, issue?.iat);
    },
    async signRefresh(driverId, familyId, issue) {
      const jti = issue?.jti ?? randomUUID();
      const { token, expiresAt } = await jwt.sign(
        'refresh',
        { jti, fam: familyId },
        String(driverId),
        ttls.refreshTokenTtlSeconds,
        issue?.iat,
      );
      return { token, jti, expiresAt };
    },
    async signLink(claims) {
      return (await jwt.sign('link', { ...claims }, claims.linkId, ttls.linkTokenTtlSeconds)).token;
    },
  };
}

/** Each kind's token verified, and its payload read back as that kind's claims. */
function tokenVerifying(jwt: TypedJwt): Pick<TokenService, 'verifyAccess' | 'verifyRefresh' | 'verifyLink'> {
  return {
    async verifyAccess(token, options) {
      const p = await jwt.verify('access', token, options);
      return {
        id: Number(p.id),
        first_name: String(p.first_name),
        last_name: String(p.last_name),
        organisationName: String(p.organisationName),
        organisationId: Number(p.organisationId),
        ...(typeof p.fam === 'string' ? { familyId: p.fam } : {}),
      };
    },
    async verifyRefresh(token, options) {
      const p = await jwt.verify('refresh', token, options);
      return { driverId: Number(p.sub), jti: String(p.jti), familyId: String(p.fam) };
    },
    async verifyLink(token) {
      const p = await jwt.verify('link', token);
      return {
        linkId: String(p.linkId),
        routeId: Number(p.routeId),
        projectId: Number(p.projectId),
        organisationId: Number(p.organisationId),
      };
    },
  };
}

/** A token's payload, unverified. */
function peekPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What a token says of itself, read without trusting it. */
const tokenPeeking: Pick<TokenService, 'peekType' | 'peekExpiry'> = {
  peekType(token) {
    const typ = peekPayload(token)?.typ;
    return typ === 'access' || typ === 'refresh' || typ === 'link' ? typ : null;
  },
  peekExpiry(token) {
    const exp = peekPayload(token)?.exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  },
};

export function createTokenService(secret: string, ttls: TokenTtls, now: () => number = Date.now): TokenService {
  const jwt = createTypedJwt(secret, now);
  return { ...tokenSigning(jwt, ttls), ...tokenVerifying(jwt), ...tokenPeeking };
}
