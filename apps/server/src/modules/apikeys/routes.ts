import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyCreateBody, apiKeyCreated, apiKeyInfo, userIdParams } from '@atrium/shared';
import { noContent } from '@atrium/shared/http';
import { requireActor } from '../../plugins/auth.ts';
import type { ApiKeysService } from './service.ts';

export function apiKeyRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeysService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { apiKeys } = deps;
  r.get(
    '/api/apikeys',
    { schema: { tags: ['apikeys'], response: { 200: z.array(apiKeyInfo) } } },
    async (req) => apiKeys.list(requireActor(req)),
  );
  r.post(
    '/api/apikeys',
    { schema: { tags: ['apikeys'], body: apiKeyCreateBody, response: { 201: apiKeyCreated }, errors: ['FORBIDDEN'] } },
    async (req, reply) => reply.code(201).send(await apiKeys.create(requireActor(req), req.body.name)),
  );
  r.delete(
    '/api/apikeys/:id',
    { schema: { tags: ['apikeys'], params: userIdParams, response: { 204: noContent } } },
    async (req, reply) => {
      await apiKeys.revoke(requireActor(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
