import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DbHandle } from './db/client.ts';
import errorsPlugin from './plugins/errors.ts';
import securityPlugin from './plugins/security.ts';
import openapiPlugin from './plugins/openapi.ts';
import { webPlugin } from './plugins/web.ts';
import { staticFilesPlugin } from './plugins/staticFiles.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { ContactRepo } from './modules/contact/repo.ts';
import { ContactService } from './modules/contact/service.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { CmsRepo } from './modules/cms/repo.ts';
import { cmsRoutes } from './modules/cms/routes.ts';
import { registerIdentity } from './modules/auth/identity.ts';
import { registerAssets } from './modules/assets/index.ts';
import { registerRealtime } from './realtime/index.ts';
import { ScenesRepo } from './modules/scenes/repo.ts';
import { ScenesService } from './modules/scenes/service.ts';
import { sceneRoutes } from './modules/scenes/routes.ts';
import { OwnerScenesService } from './modules/scenes/ownerService.ts';
import { ownerSceneRoutes } from './modules/scenes/ownerRoutes.ts';
import { registerPublishing, type Publishing } from './modules/publishing/index.ts';

export interface AppDeps {
  config: Config;
  database: DbHandle;
  mailer?: Mailer;
}

/** Builds the whole HTTP application without listening, so tests drive it with `inject`. */
export async function buildApp({ config, database, mailer }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.bodyLimit,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    trustProxy: true,
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(errorsPlugin);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin);

  const log = app.log;
  const db = database.db;
  const resolvedMailer = mailer ?? createMailer(config.mail);
  // Sign-in, req.actor and the people APIs; registered before other modules so they all see req.actor.
  const identity = await registerIdentity(app, { config, db, mailer: resolvedMailer });
  const contact = new ContactService({
    repo: new ContactRepo(db),
    mailer: resolvedMailer,
    inbox: config.mail.contactInbox,
    log,
  });

  // Publishing, slots, explore, social and notifications; `publishing.notifications.notify` is for other modules.
  let publishing: Publishing | undefined;
  await app.register(async (scope) => {
    healthRoutes(scope, { database });
    contactRoutes(scope, { contact, contactRateMax: config.rateLimit.contactMax });
    cmsRoutes(scope, { cms: new CmsRepo(db) });
    publishing = registerPublishing(scope, { db, follows: identity.follows });
    const access = publishing.access;
    const readGuard = (actor: Parameters<typeof access.assertRead>[0], row: Parameters<typeof access.assertRead>[1]) =>
      access.assertRead(actor, row);
    sceneRoutes(scope, { scenes: new ScenesService(new ScenesRepo(db), readGuard) });
    // Own scope: its multipart parser must not reach the JSON-only routes beside it.
    await scope.register((s) =>
      ownerSceneRoutes(s, {
        scenes: new OwnerScenesService({ repo: new ScenesRepo(db), storage: identity.storage, readGuard }),
      }),
    );
  });
  app.decorate('notifications', publishing!.notifications);

  // Space instances and hubs share this HTTP server; the viewer works without them if they fail.
  app.decorate(
    'realtime',
    await registerRealtime(app, {
      config,
      db,
      authenticate: identity.authenticate,
      access: publishing!.access,
      notifications: publishing!.notifications,
    }),
  );

  await registerAssets(app, { db, storage: identity.storage, users: identity.users });

  await app.register(staticFilesPlugin);
  await app.register(webPlugin, { webDist: config.webDist, publicUrl: config.publicUrl });
  return app;
}
