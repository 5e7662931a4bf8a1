import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../storage/index.ts';
import type { SceneAccess } from '../sceneAccess/access.ts';
import type { UsersService } from '../users/service.ts';
import { fileRoutes } from './fileRoutes.ts';
import { ModelJobs } from './jobs.ts';
import type { JobQueue } from '../../jobs/index.ts';
import { AssetsRepo } from './repo.ts';
import { assetRoutes } from './routes.ts';
import { AssetsService } from './service.ts';
import { UploadTemp } from './upload.ts';

export interface AssetsModule {
  service: AssetsService;
  jobs: ModelJobs;
  uploads: UploadTemp;
}

declare module 'fastify' {
  interface FastifyInstance {
    assets: AssetsModule;
  }
}

/** The content library: upload/list/edit APIs, the file service and the model optimisation queue. */
export async function registerAssets(
  app: FastifyInstance,
  deps: { db: Db; storage: Storage; users: UsersService; access: SceneAccess; jobs: JobQueue },
): Promise<AssetsModule> {
  const repo = new AssetsRepo(deps.db);
  const jobs = new ModelJobs({ repo, storage: deps.storage, queue: deps.jobs, log: app.log });
  const service = new AssetsService({
    repo,
    storage: deps.storage,
    canSeeLibrary: (viewer, ownerId) => deps.users.canSeeContentLibrary(viewer, ownerId),
    readableViaSpace: (viewer, assetId) => deps.access.readsAssetViaSpace(viewer, assetId),
    enqueueModel: (id) => jobs.enqueue(id),
    log: app.log,
  });
  const uploads = await UploadTemp.open(app.log);
  // Own scope: its multipart parser must not reach the JSON-only routes beside it.
  await app.register(async (scope) => {
    await assetRoutes(scope, { assets: service, uploads });
    fileRoutes(scope, { assets: service });
  });
  app.addHook('onReady', async () => {
    await jobs.resume();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await uploads.close();
  });
  const mod = { service, jobs, uploads };
  app.decorate('assets', mod);
  return mod;
}
