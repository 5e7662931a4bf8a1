import type { FastifyInstance } from 'fastify';
import { AUTH_SCOPE, type Role } from '@atrium/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { RateLimits } from '../../rateLimits.ts';
import authPlugin, {
  bearerAuthenticator,
  createTokenVerifier,
  localKeys,
  remoteKeys,
  type AuthPluginOptions,
} from '../../plugins/auth.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { ApiKeysService } from '../apikeys/service.ts';
import { IdentityResolver } from '../users/identity.ts';
import type { UsersRepo } from '../users/repo.ts';
import { AccountService } from './accountService.ts';
import { AccountsRepo } from './accountsRepo.ts';
import { SignInThrottle } from './attempts.ts';
import { clientOrigins, createProvider, issuerFor, WEB_CLIENT_ID } from './provider.ts';
import { userinfoRoutes } from './userinfo.ts';
import { authConfigRoute, builtInAuthRoutes } from './routes.ts';
import { loadProviderSecrets, publicJwks } from './secrets.ts';
import { pruneExpired } from './adapter.ts';
import type { JobQueue } from '../../jobs/index.ts';

export const BUILT_IN_PROVIDER = 'atrium';

export interface Identity {
  /** Bearer token or API key → actor, for connections that are not HTTP requests (realtime sockets). */
  authenticate: (token: string) => Promise<Actor>;
  /** The built-in provider's accounts (absent behind an external OIDC provider). */
  accounts?: AccountService;
}

/**
 * Sign-in: the built-in OpenID provider (unless OIDC_ISSUER points elsewhere) and the auth plugin
 * that sets `req.actor` for every later route. The people APIs are built beside it in app.ts.
 */
export async function registerIdentity(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    mailer: Mailer;
    rateLimits: RateLimits;
    users: UsersRepo;
    apiKeys: ApiKeysService;
    /** The role a person's plan gives, or null without a plan (then the token's role stands). */
    planRole?: (userId: string) => Promise<Role | null>;
    /** The shared job queue: expired provider sessions and grants are pruned hourly, once over all processes. */
    jobs: JobQueue;
  },
): Promise<Identity> {
  const { config, db, apiKeys } = deps;
  const usersRepo = deps.users;
  const external = config.auth.external;
  const base = config.publicUrl.replace(/\/+$/, '');

  let accounts: AccountService | undefined;
  let verify: ReturnType<typeof createTokenVerifier>;
  let resolver: IdentityResolver;
  if (external) {
    verify = createTokenVerifier({
      issuer: external.issuer,
      ...(external.audience ? { audience: external.audience } : {}),
      clientId: external.clientId,
      keys: remoteKeys(external.issuer),
    });
    resolver = new IdentityResolver(usersRepo, `oidc:${new URL(external.issuer).host}`, undefined, deps.planRole);
  } else {
    const secrets = await loadProviderSecrets(db);
    const apiResource = `${base}/api`;
    const accountsRepo = new AccountsRepo(db);
    accounts = new AccountService({
      repo: accountsRepo,
      throttle: new SignInThrottle(deps.rateLimits, config.auth.signInMaxAttempts),
      signUpLimiter: deps.rateLimits.limiter('signup', { points: config.auth.signUpMaxPerHour, duration: 3600 }),
      mailer: deps.mailer,
      publicUrl: base,
      log: app.log,
      ...(config.auth.fastPasswordHash ? { fastPasswordHash: true } : {}),
    });
    const provider = createProvider({
      db,
      accounts: accountsRepo,
      secrets,
      publicUrl: base,
      apiResource,
      extraRedirectUris: config.auth.extraRedirectUris,
      accessTokenTtl: config.auth.accessTokenTtl,
    });
    verify = createTokenVerifier({
      issuer: issuerFor(base),
      audience: apiResource,
      clientId: WEB_CLIENT_ID,
      keys: localKeys(publicJwks(secrets)),
    });
    resolver = new IdentityResolver(
      usersRepo,
      BUILT_IN_PROVIDER,
      async (sub) => !!(await accountsRepo.byId(sub)),
      deps.planRole,
    );
    await builtInAuthRoutes(app, { provider, accounts });
    const builtIn = resolver;
    await userinfoRoutes(app, {
      verify,
      fromClaims: (claims, via) => builtIn.fromClaims(claims, via),
      accounts: accountsRepo,
      allowedOrigins: clientOrigins(base, config.auth.extraRedirectUris),
    });
    deps.jobs.every('oidc-prune', 3600_000, () => pruneExpired(db));
  }

  const authOptions: AuthPluginOptions = {
    verify,
    fromClaims: (claims, via) => resolver.fromClaims(claims, via),
    fromApiKey: async (key) => {
      const userId = await apiKeys.resolve(key);
      return userId ? resolver.fromUserId(userId) : null;
    },
  };
  await app.register(authPlugin, authOptions);
  authConfigRoute(app, {
    issuer: external?.issuer ?? issuerFor(base),
    clientId: external?.clientId ?? WEB_CLIENT_ID,
    scope: AUTH_SCOPE,
    builtIn: !external,
  });
  return { authenticate: bearerAuthenticator(authOptions), ...(accounts ? { accounts } : {}) };
}
