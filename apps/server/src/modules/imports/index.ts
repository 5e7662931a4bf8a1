import type { FastifyInstance } from 'fastify';
import type { AssetsModule } from '../assets/index.ts';
import type { OwnerScenesService } from '../scenes/ownerService.ts';
import { importRoutes } from './routes.ts';
import { ImportsService, type ImportsDeps } from './service.ts';

/** Gallery imports: the assets module's pipeline for the pictures, the scenes module's drafts for the space. */
export async function registerImports(
  app: FastifyInstance,
  deps: { assets: AssetsModule; scenes: OwnerScenesService; canUseTemplate: ImportsDeps['canUseTemplate'] },
) {
  const service = new ImportsService({
    uploadPicture: (actor, upload) => deps.assets.service.upload(actor, 'picture', upload),
    assertCanCreateDraft: (actor) => deps.scenes.draftsLimit(actor),
    createDraft: (actor, fields) => deps.scenes.create(actor, fields),
    putContent: (actor, id, body) => deps.scenes.putContent(actor, id, body as Parameters<OwnerScenesService['putContent']>[2]),
    canUseTemplate: deps.canUseTemplate,
  });
  // Own scope: its multipart parser must not reach the JSON-only routes beside it.
  await app.register(async (scope) => importRoutes(scope, { imports: service, uploads: deps.assets.uploads }));
  return service;
}
