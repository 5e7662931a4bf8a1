import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sceneIdParams, sceneMetadata } from '@atrium/shared';
import type { ScenesService, VersionedDocument } from './service.ts';

/** Sends a scene document with its ETag, or 304 when the client already holds that version. */
export function sendDocument(req: FastifyRequest, reply: FastifyReply, v: VersionedDocument) {
  reply.header('etag', v.etag).header('cache-control', 'no-cache');
  if (req.headers['if-none-match'] === v.etag) return reply.code(304).send();
  return reply.send(v.document);
}

export function sceneRoutes(app: FastifyInstance, deps: { scenes: ScenesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/publishedscene/metadata/:id',
    { schema: { tags: ['scenes'], params: sceneIdParams, response: { 200: sceneMetadata }, errors: ['SPACE_ACCESS_DENIED'] } },
    async (req) => deps.scenes.publishedMetadata(req.params.id, req.actor),
  );
  r.get(
    '/api/publishedscene/content/:id',
    {
      schema: {
        tags: ['scenes'],
        params: sceneIdParams,
        description: 'The published scene document (current version), with an ETag.',
        response: { 200: z.record(z.string(), z.unknown()) },
        errors: ['SPACE_ACCESS_DENIED', 'SCENE_INVALID', 'SCENE_VERSION_UNSUPPORTED'],
      },
    },
    async (req, reply) => sendDocument(req, reply, await deps.scenes.publishedContent(req.params.id, req.actor)),
  );
}
