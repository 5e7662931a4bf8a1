import type { FastifyInstance } from 'fastify';
import { AUTH_SCOPE } from '@atrium/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import authPlugin, {
  bearerAuthenticator,
  createTokenVerifier,
  localKeys,
  remoteKeys,
  type AuthPluginOptions,
} from '../../plugins/auth.ts';
import type { Actor } from '../users/actor.ts';
import { createStorage, type Storage } from '../../storage/index.ts';
import { ApiKeysRepo } from '../apikeys/repo.ts';
import { apiKeyRoutes } from '../apikeys/routes.ts';
import { ApiKeysService } from '../apikeys/service.ts';
import { FollowsRepo } from '../follows/repo.ts';
import { followRoutes } from '../follows/routes.ts';
import { FollowsService } from '../follows/service.ts';
import { settingsRoutes } from '../settings/routes.ts';
import { IdentityResolver } from '../users/identity.ts';
import { UsersRepo } from '../users/repo.ts';
import { userRoutes } from '../users/routes.ts';
import { UsersService } from '../users/service.ts';
import { AccountService } from './accountService.ts';
import { AccountsRepo } from './accountsRepo.ts';
import { AttemptLimiter } from './attempts.ts';
import { createProvider, issuerFor, WEB_CLIENT_ID } from './provider.ts';
import { authConfigRoute, builtInAuthRoutes } from './routes.ts';
import { loadProviderSecrets, publicJwks } from './secrets.ts';
import { pruneExpired } from './adapter.ts';

export const BUILT_IN_PROVIDER = 'atrium';

export interface Identity {
  users: UsersService;
  storage: Storage;
  /** Bearer token or API key → actor, for connections that are not HTTP requests (realtime sockets). */
  authenticate: (token: string) => Promise<Actor>;
  /** Follow edges; other modules subscribe to new follows (notifications). */
  follows: FollowsService;
}

/**
 * Sign-in and people: the built-in OpenID provider (unless OIDC_ISSUER points elsewhere), the auth
 * plugin that sets `req.actor` for every later route, and the user, follow, settings and API-key APIs.
 */
export async function registerIdentity(
  app: FastifyInstance,
  deps: { config: Config; db: Db; mailer: Mailer; storage?: Storage },
): Promise<Identity> {
  const { config, db } = deps;
  const storage = deps.storage ?? createStorage(config.dataDir, config.storageUrl);
  const usersRepo = new UsersRepo(db);
  const apiKeys = new ApiKeysService(new ApiKeysRepo(db));
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
    resolver = new IdentityResolver(usersRepo, `oidc:${new URL(external.issuer).host}`);
  } else {
    const secrets = await loadProviderSecrets(db);
    const apiResource = `${base}/api`;
    const accountsRepo = new AccountsRepo(db);
    accounts = new AccountService({
      repo: accountsRepo,
      limiter: new AttemptLimiter(config.auth.signInMaxAttempts, 15 * 60 * 1000),
      mailer: deps.mailer,
      publicUrl: base,
      log: app.log,
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
    resolver = new IdentityResolver(usersRepo, BUILT_IN_PROVIDER);
    await builtInAuthRoutes(app, { provider, accounts });
    const prune = setInterval(
      () => void pruneExpired(db).catch((err: unknown) => app.log.warn({ err }, 'oidc prune failed')),
      3600_000,
    );
    prune.unref();
    app.addHook('onClose', async () => clearInterval(prune));
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

  const users = new UsersService({
    db,
    repo: usersRepo,
    follows: new FollowsRepo(db),
    storage,
    ...(accounts ? { accounts } : {}),
  });
  const follows = new FollowsService({ repo: new FollowsRepo(db), users: usersRepo });
  authConfigRoute(app, {
    issuer: external?.issuer ?? issuerFor(base),
    clientId: external?.clientId ?? WEB_CLIENT_ID,
    scope: AUTH_SCOPE,
    builtIn: !external,
  });
  await app.register(async (scope) => {
    await userRoutes(scope, { users });
    followRoutes(scope, { follows });
    settingsRoutes(scope, { users });
    apiKeyRoutes(scope, { apiKeys });
  });
  return { users, storage, authenticate: bearerAuthenticator(authOptions), follows };
}
