import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  PUBLISH_LIMITS,
  AppError,
  draftsLimitStatus,
  mySceneMetadata,
  mySceneQuery,
  putSceneContentBody,
  putSceneContentResult,
  SCENE_DOCUMENT_LIMITS,
  sceneIdParams,
  sceneTooLargeMessage,
  USER_LIMITS,
} from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import { readSceneForm } from './form.ts';
import type { OwnerScenesService } from './ownerService.ts';
import { sendDocument } from './routes.ts';
import { sceneMetadataForm } from '@atrium/shared/multipart';
import { createSceneFields, patchSceneFields } from '@atrium/shared/scenes/editor';

// Room for the { baseVersion, document } wrapper around a document at the cap, so the service (not
// the body parser) decides and can answer with the stated limit.
const CONTENT_BODY_LIMIT = SCENE_DOCUMENT_LIMITS.maxJsonBytes + 256 * 1024;

/** Spec §7 Scene service, the owner's paths: scene/metadata (my, draftsLimit, {id}) and scene/content/{id}. */
export async function ownerSceneRoutes(app: FastifyInstance, deps: { scenes: OwnerScenesService }) {
  await app.register(multipart, { limits: { fileSize: USER_LIMITS.pictureBytes, files: 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { scenes } = deps;
  const tags = ['scenes'];

  r.get(
    '/api/scene/metadata/my',
    { schema: { tags, querystring: mySceneQuery, response: { 200: z.array(mySceneMetadata) } } },
    async (req, reply) => {
      const { items, total } = await scenes.my(requireActor(req), req.query);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );
  r.get(
    '/api/scene/metadata/draftsLimit',
    {
      schema: {
        tags,
        description: 'Success means the user may create another draft (Free 2, Standard 5, Pro unlimited); 403 DRAFTS_LIMIT_REACHED otherwise.',
        response: { 200: draftsLimitStatus },
      },
    },
    async (req) => scenes.draftsLimit(requireActor(req)),
  );
  r.get(
    '/api/scene/metadata/:id',
    { schema: { tags, params: sceneIdParams, response: { 200: mySceneMetadata }, errors: ['FORBIDDEN'] } },
    async (req) => scenes.metadata(requireActor(req), req.params.id),
  );
  r.get(
    '/api/scene/metadata/:id/cover',
    { schema: { tags, params: sceneIdParams, errors: ['SPACE_ACCESS_DENIED'] } },
    async (req, reply) => {
      const file = await scenes.cover(req.actor, req.params.id);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-length', file.size)
        .send(file.stream);
    },
  );
  r.get(
    '/api/scene/metadata/:id/gallery/:photoId',
    {
      schema: {
        tags,
        params: sceneIdParams.extend({ photoId: z.uuid({ error: 'Not a valid photo id' }) }),
        description: 'A gallery photo (JPEG), readable whenever the space is; each photo id is a new upload, so it is cached for good.',
        errors: ['SPACE_ACCESS_DENIED'],
      },
    },
    async (req, reply) => {
      const file = await scenes.galleryPhoto(req.actor, req.params.id, req.params.photoId);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-length', file.size)
        .send(file.stream);
    },
  );
  r.post(
    '/api/scene/metadata',
    {
      schema: {
        tags,
        description: `Creates a draft. Multipart fields title, description, tags, spaceTemplateId, photoGallery (JSON order, see PATCH) and optional coverPhoto and photoGalleryFiles files (JSON without files also works).`,
        documentedBody: { 'multipart/form-data': sceneMetadataForm, 'application/json': createSceneFields },
        response: { 201: mySceneMetadata },
        errors: ['BAD_REQUEST', 'DRAFTS_LIMIT_REACHED'],
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      const { fields, cover, gallery } = await readSceneForm(req);
      return reply.code(201).send(await scenes.create(actor, fields, cover, gallery));
    },
  );
  r.patch(
    '/api/scene/metadata/:id',
    {
      schema: {
        tags,
        params: sceneIdParams,
        description: `Updates metadata. Multipart: coverPhoto, up to ${PUBLISH_LIMITS.galleryMax} photoGalleryFiles, and photoGallery = JSON list of kept photo URIs and "new:<i>" for the i-th uploaded file, in display order (left-out photos are removed; omitted = append). 400 past ${PUBLISH_LIMITS.galleryMax} photos or for unknown entries, 413 for a file over the picture limit, 415 for anything but JPEG/PNG/WebP.`,
        documentedBody: { 'multipart/form-data': sceneMetadataForm, 'application/json': patchSceneFields },
        response: { 200: mySceneMetadata },
        errors: ['BAD_REQUEST', 'FORBIDDEN'],
      },
    },
    async (req) => {
      const actor = requireActor(req);
      // Refuse someone else's scene before reading any upload.
      await scenes.assertOwner(actor, req.params.id);
      const { fields, cover, gallery } = await readSceneForm(req);
      return scenes.update(actor, req.params.id, fields, cover, gallery);
    },
  );
  r.get(
    '/api/scene/content/:id',
    {
      schema: {
        tags,
        params: sceneIdParams,
        description: 'The draft document (owner only) with an ETag; X-Content-Version carries the version to base the next save on.',
        response: { 200: z.record(z.string(), z.unknown()) },
        errors: ['FORBIDDEN'],
      },
    },
    async (req, reply) => {
      const v = await scenes.content(requireActor(req), req.params.id);
      reply.header('x-content-version', String(v.version));
      return sendDocument(req, reply, v);
    },
  );
  r.put(
    '/api/scene/content/:id',
    {
      bodyLimit: CONTENT_BODY_LIMIT,
      schema: {
        tags,
        params: sceneIdParams,
        body: putSceneContentBody,
        description: `Replaces the draft document. 409 SCENE_VERSION_CONFLICT when baseVersion is stale; 413 above ${SCENE_DOCUMENT_LIMITS.maxJsonBytes / (1024 * 1024)} MB of JSON or ${SCENE_DOCUMENT_LIMITS.maxItems} items; 400 naming the failing path.`,
        response: { 200: putSceneContentResult },
        errors: ['FORBIDDEN', 'SCENE_VERSION_CONFLICT', 'SCENE_VERSION_UNSUPPORTED'],
      },
      errorHandler: (err, _req, _reply) => {
        // Rethrown errors go to the app's handler; only the parser's 413 gets the stated cap.
        if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', sceneTooLargeMessage());
        throw err;
      },
    },
    async (req) => {
      // A compressed body's length says nothing about the document's size.
      const encoded = (req.headers['content-encoding'] ?? 'identity') !== 'identity';
      const length = encoded ? NaN : Number(req.headers['content-length']);
      return scenes.putContent(requireActor(req), req.params.id, req.body, Number.isFinite(length) ? length : undefined);
    },
  );
}
