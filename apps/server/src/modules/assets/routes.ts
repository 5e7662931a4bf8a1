import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  ASSET_KINDS,
  asset,
  assetIdParams,
  assetListQuery,
  license,
  uploadLimitOf,
  type AssetKind,
} from '@atrium/shared';
import type { AssetsService } from './service.ts';
import { readUpload, type UploadTemp } from './upload.ts';
import { noContent } from '@atrium/shared/http';
import { assetUploadForm } from '@atrium/shared/multipart';
import { assetPatchBody, assetUploadFields } from '@atrium/shared/assets/schema';

// A glTF with its .bin and textures arrives as several `file` parts; other kinds take one.
const MAX_FILES = 64;

/** Spec §7 asset paths: `/api/{kind}` (upload, list) and `/api/{kind}/{id}` (get, patch, delete). */
export async function assetRoutes(app: FastifyInstance, deps: { assets: AssetsService; uploads: UploadTemp }) {
  await app.register(multipart, { limits: { fileSize: uploadLimitOf('model3d') + 1, files: MAX_FILES } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/license', { schema: { tags: ['assets'], response: { 200: z.array(license) } } }, () =>
    deps.assets.licenses(),
  );

  for (const kind of ASSET_KINDS as readonly AssetKind[]) {
    const tags = ['assets'];
    r.post(
      `/api/${kind}`,
      {
        schema: {
          tags,
          documentedBody: { 'multipart/form-data': assetUploadForm(kind), 'application/json': assetUploadFields(kind) },
          description: `Uploads a ${kind}: multipart with the file(s) in field \`file\` and the asset fields as text fields.`,
          response: { 201: asset },
          errors: kind === 'avatar' ? ['BAD_REQUEST', 'NOT_A_VRM'] : ['BAD_REQUEST'],
        },
      },
      async (req, reply) => {
        // Who is asking is settled before a single byte of the body is read.
        if (!req.actor) throw new AppError('UNAUTHENTICATED');
        const limit = uploadLimitOf(kind);
        const upload = await readUpload(req, deps.uploads, limit, kind === 'model3d' ? MAX_FILES : 2);
        // The temp folder is gone before the answer leaves, accepted or not.
        let created;
        try {
          created = await deps.assets.upload(req.actor, kind, upload);
        } finally {
          await upload.cleanup();
        }
        return reply.code(201).send(created);
      },
    );
    r.get(
      `/api/${kind}`,
      { schema: { tags, querystring: assetListQuery, response: { 200: z.array(asset) }, errors: ['FORBIDDEN'] } },
      async (req, reply) => {
        const { items, total } = await deps.assets.list(req.actor, kind, req.query);
        return reply.header('x-total-count', String(total)).send(items);
      },
    );
    r.get(`/api/${kind}/:id`, { schema: { tags, params: assetIdParams, response: { 200: asset }, errors: ['FORBIDDEN'] } }, (req) =>
      deps.assets.get(req.actor, req.params.id, kind),
    );
    r.patch(
      `/api/${kind}/:id`,
      { schema: { tags, params: assetIdParams, body: assetPatchBody(kind), response: { 200: asset }, errors: ['FORBIDDEN'] } },
      (req) => deps.assets.patch(req.actor, kind, req.params.id, req.body),
    );
    r.delete(`/api/${kind}/:id`, { schema: { tags, params: assetIdParams, response: { 204: noContent }, errors: ['FORBIDDEN'] } }, async (req, reply) => {
      await deps.assets.delete(req.actor, kind, req.params.id);
      return reply.code(204).send();
    });
  }
}
