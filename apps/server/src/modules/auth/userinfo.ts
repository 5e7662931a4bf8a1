import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import { AppError } from '@atrium/shared';
import type { Actor } from '../../plugins/actor.ts';
import type { AccountsRepo } from './accountsRepo.ts';

/** Where oidc-provider's discovery document advertises `userinfo_endpoint` (its `/me` route under /auth). */
export const USERINFO_PATH = '/auth/me';

export interface UserinfoDeps {
  /** The API's own access-token check: signature, issuer, audience, `exp` and `iat`. */
  verify: (token: string) => Promise<JWTPayload>;
  /** Refuses deleted people and tokens issued before a revocation, as the API does. */
  fromClaims: (claims: JWTPayload, via: 'bearer') => Promise<Actor>;
  accounts: AccountsRepo;
  /** Browser apps allowed to read the answer cross-origin (the first-party client's origins). */
  allowedOrigins: Set<string>;
}

type Form = Record<string, string | undefined>;

function unauthenticated(reply: FastifyReply, error?: 'invalid_token' | 'invalid_request'): never {
  // RFC 6750 §3: without a token, no error code; with a bad one, say so.
  reply.header('www-authenticate', error ? `Bearer error="${error}"` : 'Bearer');
  throw new AppError(error === 'invalid_request' ? 'BAD_REQUEST' : 'UNAUTHENTICATED');
}

/** RFC 6750 §2: a bearer token in the Authorization header or, for POST, in the form body — never both. */
function tokenOf(req: FastifyRequest<{ Body: Form | undefined }>, reply: FastifyReply): string {
  const header = req.headers.authorization;
  const fromBody = req.method === 'POST' ? req.body?.access_token : undefined;
  if (header !== undefined && fromBody !== undefined) unauthenticated(reply, 'invalid_request');
  if (fromBody !== undefined) return fromBody;
  if (header === undefined) unauthenticated(reply);
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) unauthenticated(reply, 'invalid_request');
  return m[1]!;
}

/**
 * OpenID Connect Core §5.3 UserInfo for the tokens this provider issues. oidc-provider's own endpoint
 * refuses every one of them: they are JWTs bound to the API resource, which it neither stores nor
 * accepts at userinfo. This one takes exactly the tokens the API takes (same checks, same revocation).
 */
export async function userinfoRoutes(app: FastifyInstance, d: UserinfoDeps) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.route<{ Body: Form | undefined }>({
      method: ['GET', 'POST'],
      url: USERINFO_PATH,
      handler: async (req, reply) => {
        reply.header('cache-control', 'no-store');
        const origin = req.headers.origin;
        if (origin && d.allowedOrigins.has(origin)) {
          reply.header('access-control-allow-origin', origin);
          reply.header('vary', 'Origin');
        }
        let claims: JWTPayload;
        try {
          claims = await d.verify(tokenOf(req, reply));
        } catch (err) {
          if (err instanceof AppError) throw err;
          return unauthenticated(reply, 'invalid_token');
        }
        const actor = await d
          .fromClaims(claims, 'bearer')
          .catch(() => unauthenticated(reply, 'invalid_token'));
        const account = await d.accounts.byId(actor.subject);
        if (!account) return unauthenticated(reply, 'invalid_token');
        // The same claims the access token itself carries (and the ID token of AUTH_SCOPE): answering
        // them to its bearer discloses nothing more, and they are current rather than as issued.
        return {
          sub: actor.subject,
          name: account.name,
          roles: [account.role],
          email: account.email,
          email_verified: false,
        };
      },
    });
  });
}
