import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  districtGroupBody,
  districtGroups,
  districtIdParams,
  districtImageForm,
  districtImageParams,
  districtLibraryItem,
  districtLibraryParams,
  districtPageQuery,
  districtSpaces,
  districtSpacesParams,
  USER_LIMITS,
} from '@atrium/shared';
import { noContent } from '@atrium/shared/http';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.ts';
import { onePicture } from '../users/multipart.ts';
import type { DistrictPagesService } from './pages.ts';

/** The district home's categories (spec §2), its groups (§7 group/district/{id}), logo and cover. */
export async function districtPageRoutes(app: FastifyInstance, deps: { pages: DistrictPagesService }) {
  // Own scope: one picture per request, nothing else.
  await app.register(multipart, { limits: { fileSize: USER_LIMITS.pictureBytes, files: 1, fields: 0 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const p = deps.pages;
  const tags = ['districts'];
  const denied = ['DISTRICT_ACCESS_DENIED'] as const;

  r.get(
    '/api/district/:id/spaces/:state',
    {
      schema: {
        tags,
        params: districtSpacesParams,
        querystring: districtPageQuery,
        description: 'Spaces > Published (spaces placed in the district\'s slots) or Drafts (the caller\'s own; Owner and Creators only).',
        response: { 200: districtSpaces },
        errors: [...denied, 'FORBIDDEN'],
      },
    },
    async (req) => p.spaces(req.actor, req.params.id, req.params.state, req.query),
  );
  r.get(
    '/api/district/:id/library/:page',
    {
      schema: {
        tags,
        params: districtLibraryParams,
        querystring: districtPageQuery,
        description: 'Library: the images, videos, 3D models, texts or hypertexts the district\'s spaces use.',
        response: { 200: z.array(districtLibraryItem) },
        errors: [...denied],
      },
    },
    async (req) => p.library(req.actor, req.params.id, req.params.page, req.query),
  );
  r.get(
    '/api/group/district/:id',
    { schema: { tags: ['groups', ...tags], params: districtIdParams, querystring: districtPageQuery, response: { 200: districtGroups }, errors: [...denied] } },
    async (req) => p.groups(req.actor, req.params.id, req.query),
  );
  r.post(
    '/api/group/district/:id',
    {
      schema: {
        tags: ['groups', ...tags],
        params: districtIdParams,
        body: districtGroupBody,
        description: 'A new district group (Owner only).',
        response: { 201: districtGroups.element },
        errors: [...denied, 'FORBIDDEN', 'CONFLICT'],
      },
    },
    async (req, reply) => reply.code(201).send(await p.createGroup(requireActor(req), req.params.id, req.body)),
  );

  r.put(
    '/api/district/:id/image/:kind',
    {
      schema: {
        tags,
        params: districtImageParams,
        documentedBody: { 'multipart/form-data': districtImageForm },
        description: 'Uploads the logo (photo) or cover (Owner only): JPEG, PNG or WebP, re-encoded as JPEG.',
        response: { 204: noContent },
        errors: [...denied, 'FORBIDDEN', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'BAD_REQUEST'],
      },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      await p.setImage(actor, req.params.id, req.params.kind, await onePicture(req));
      return reply.code(204).send();
    },
  );
  r.delete(
    '/api/district/:id/image/:kind',
    { schema: { tags, params: districtImageParams, response: { 204: noContent }, errors: [...denied, 'FORBIDDEN'] } },
    async (req, reply) => {
      await p.setImage(requireActor(req), req.params.id, req.params.kind, null);
      return reply.code(204).send();
    },
  );
  r.get('/api/district/:id/image/:kind', { schema: { tags, params: districtImageParams, errors: [...denied] } }, async (req, reply) => {
    const file = await p.image(req.actor, req.params.id, req.params.kind);
    // Versioned URLs (?v=) never change bytes; private districts' images stay out of shared caches.
    return reply
      .type('image/jpeg')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-length', file.size)
      .send(file.stream);
  });
}
