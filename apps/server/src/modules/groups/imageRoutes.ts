import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { groupIdParams, groupImageForm, groupView, USER_LIMITS } from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import { onePicture } from '../users/multipart.ts';
import type { GroupsService } from './service.ts';

/** A group's image (spec §3 group image): upload, removal and the file. */
export async function groupImageRoutes(app: FastifyInstance, deps: { groups: GroupsService }) {
  // Own scope: one picture per request, nothing else.
  await app.register(multipart, { limits: { fileSize: USER_LIMITS.pictureBytes, files: 1, fields: 0 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const g = deps.groups;
  const tags = ['groups'];
  r.put(
    '/api/group/:id/image',
    {
      schema: {
        tags,
        params: groupIdParams,
        documentedBody: { 'multipart/form-data': groupImageForm },
        description: 'Sets the group’s image (owner only): JPEG, PNG or WebP, re-encoded as JPEG.',
        response: { 200: groupView },
        errors: ['NOT_FOUND', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'BAD_REQUEST'],
      },
    },
    async (req) => {
      const actor = requireActor(req);
      return g.setImage(actor, req.params.id, await onePicture(req));
    },
  );
  r.delete(
    '/api/group/:id/image',
    { schema: { tags, params: groupIdParams, description: 'Removes the group’s image (owner only).', response: { 200: groupView }, errors: ['NOT_FOUND'] } },
    async (req) => g.setImage(requireActor(req), req.params.id, null),
  );
  r.get('/api/group/:id/image', { schema: { tags, params: groupIdParams, errors: ['NOT_FOUND', 'DISTRICT_ACCESS_DENIED'] } }, async (req, reply) => {
    const file = await g.image(req.actor, req.params.id);
    // Versioned URLs (?v=) never change bytes; a group's image stays out of shared caches.
    return reply.type('image/jpeg').header('cache-control', 'private, max-age=31536000, immutable').header('content-length', file.size).send(file.stream);
  });
}
