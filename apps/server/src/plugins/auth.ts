import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { ACCESS_TOKEN_COOKIE, API_KEY_PREFIX, AppError } from '@atrium/shared';
import type { Actor } from './actor.ts';
import './actor.ts';

export interface TokenVerifierOptions {
  issuer: string;
  /** Expected `aud`; without it the token must name our client in `client_id` or `azp`. */
  audience?: string;
  clientId: string;
  keys: JWTVerifyGetKey;
}

/** Seconds of clock difference tolerated between the issuer and this server. */
const CLOCK_SKEW = 5;

/**
 * One verification path for the built-in and an external provider: signature against the issuer's
 * JWKS (asymmetric algorithms only, so `alg: none` and HMAC forgeries fail), issuer, audience, expiry.
 * `exp` and `iat` are required: a token without `exp` would never end, and revocation (sign-out
 * everywhere, password change) compares `iat`, so a missing or future `iat` would outlive it.
 */
export function createTokenVerifier(o: TokenVerifierOptions) {
  const verified = new VerifiedTokens();
  return async (token: string): Promise<JWTPayload> => {
    const known = verified.get(token);
    if (known) return known;
    const { payload } = await jwtVerify(token, o.keys, {
      issuer: o.issuer,
      ...(o.audience ? { audience: o.audience } : {}),
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'],
      clockTolerance: CLOCK_SKEW,
      requiredClaims: ['exp', 'iat'],
    });
    // jose checks a future `iat` only together with maxTokenAge, which would cap external tokens' lifetime.
    if (payload.iat! > Math.floor(Date.now() / 1000) + CLOCK_SKEW) {
      throw new joseErrors.JWTClaimValidationFailed('"iat" is in the future', payload, 'iat');
    }
    if (!o.audience && payload.client_id !== o.clientId && payload.azp !== o.clientId) {
      throw new joseErrors.JWTClaimValidationFailed(
        'token was not issued to this client',
        payload,
        'client_id',
      );
    }
    verified.set(token, payload);
    return payload;
  };
}

/**
 * Tokens whose signature and claims already passed, so a client's every request does not pay for an
 * RSA verification again (a third of an API request's CPU, measured by bench/marketplace). Only the
 * exact same string hits; an entry ends at the token's expiry (plus the skew jwtVerify allows) and
 * after at most a minute, so a key withdrawn from an external issuer's JWKS stops working about as
 * soon as jose's own JWKS cache would notice. Revocation (sign-out everywhere, deletion) is checked
 * per request after this, on the user row, and is not affected.
 */
export class VerifiedTokens {
  static readonly maxEntries = 10_000;
  static readonly maxAgeMs = 60_000;
  private readonly entries = new Map<string, { payload: JWTPayload; until: number }>();
  private readonly now: () => number;
  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  get(token: string): JWTPayload | undefined {
    const e = this.entries.get(token);
    if (!e) return undefined;
    if (this.now() < e.until) return e.payload;
    this.entries.delete(token);
    return undefined;
  }

  set(token: string, payload: JWTPayload) {
    const now = this.now();
    const until = Math.min((payload.exp! + CLOCK_SKEW) * 1000, now + VerifiedTokens.maxAgeMs);
    if (until <= now) return;
    // Oldest first out (a Map keeps insertion order): a flood of distinct tokens cannot grow it.
    if (this.entries.size >= VerifiedTokens.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { payload, until });
  }
}

/** The built-in issuer's keys are in-process; an external issuer's are fetched (and cached) from its discovery document. */
export const localKeys = (jwks: JSONWebKeySet): JWTVerifyGetKey => createLocalJWKSet(jwks);

export function remoteKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async () => {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`);
    if (!res.ok) throw new Error(`OpenID discovery failed for ${issuer}: ${res.status}`);
    const { jwks_uri } = (await res.json()) as { jwks_uri: string };
    return createRemoteJWKSet(new URL(jwks_uri));
  };
  return async (header, token) => {
    keys ??= load().catch((err: unknown) => {
      keys = undefined;
      throw err;
    });
    return (await keys)(header, token);
  };
}

export interface AuthPluginOptions {
  verify: (token: string) => Promise<JWTPayload>;
  fromClaims: (claims: JWTPayload, via: 'bearer' | 'cookie') => Promise<Actor>;
  /** The user id behind a personal API key, or null. */
  fromApiKey: (key: string) => Promise<Actor | null>;
}

function cookieValue(req: FastifyRequest, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return null;
}

/** A bearer token (JWT access token or personal API key) to an actor; realtime sockets use the same path. */
export function bearerAuthenticator(o: AuthPluginOptions) {
  return async (token: string): Promise<Actor> => {
    if (token.startsWith(API_KEY_PREFIX)) {
      const actor = await o.fromApiKey(token);
      if (!actor) throw new AppError('UNAUTHENTICATED');
      return actor;
    }
    let claims: JWTPayload;
    try {
      claims = await o.verify(token);
    } catch {
      throw new AppError('UNAUTHENTICATED');
    }
    return o.fromClaims(claims, 'bearer');
  };
}

/**
 * Sets `req.actor` for /api requests. `Authorization: Bearer` carries a JWT access token or a personal
 * API key. The mirrored cookie is read only for GET/HEAD (file downloads, WebSocket upgrades): a cookie
 * alone never authorises a write, which is what keeps cross-site forms (CSRF) powerless.
 */
async function authPlugin(app: FastifyInstance, o: AuthPluginOptions) {
  app.decorateRequest('actor', null);

  const fromBearer = bearerAuthenticator(o);

  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const header = req.headers.authorization;
    if (header !== undefined) {
      const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!m) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('UNAUTHENTICATED');
      }
      try {
        req.actor = await fromBearer(m[1]!);
      } catch (err) {
        reply.header('www-authenticate', 'Bearer error="invalid_token"');
        throw err;
      }
      return;
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const cookie = cookieValue(req, ACCESS_TOKEN_COOKIE);
      if (cookie && !cookie.startsWith(API_KEY_PREFIX)) {
        // A stale cookie just means "signed out" for a read.
        req.actor = await o
          .verify(cookie)
          .then((claims) => o.fromClaims(claims, 'cookie'))
          .catch(() => null);
      }
    }
  });
}

/** The signed-in actor a route needs, or 401 UNAUTHENTICATED (routes call it before anything else). */
export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError('UNAUTHENTICATED');
  return req.actor;
}

export default fp(authPlugin, { name: 'atrium-auth' });
