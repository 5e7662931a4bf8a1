import type { Role } from '@atrium/shared';

/** Who is making a request, after the auth plugin verified a token or API key. */
export interface Actor {
  userId: string;
  /** Token subject: the built-in account id, or the external provider's `sub`. */
  subject: string;
  name: string | null;
  email: string | null;
  role: Role;
  /** How the request proved identity; cookies only ever authorise reads (CSRF). */
  via: 'bearer' | 'api-key' | 'cookie';
  /** Issued-at of the access token (seconds), when authenticated by token. */
  issuedAt?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}
