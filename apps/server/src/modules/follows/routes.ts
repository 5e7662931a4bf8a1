import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { followResult, pagingQuery, publicUser, userIdParams } from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { FollowsService } from './service.ts';

/** Spec §7 Social: userFollow ({id}, /followers, /following). */
export function followRoutes(app: FastifyInstance, deps: { follows: FollowsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { follows } = deps;
  const opts = { schema: { tags: ['social'], params: userIdParams, response: { 200: followResult } } };
  r.get('/api/userFollow/:id', opts, async (req) => follows.status(requireActor(req), req.params.id));
  r.post('/api/userFollow/:id', { schema: { ...opts.schema, errors: ['BAD_REQUEST'] } }, async (req) => follows.follow(requireActor(req), req.params.id));
  r.delete('/api/userFollow/:id', opts, async (req) => follows.unfollow(requireActor(req), req.params.id));
  for (const side of ['followers', 'following'] as const) {
    r.get(
      `/api/userFollow/:id/${side}`,
      {
        schema: {
          tags: ['social'],
          params: userIdParams,
          querystring: pagingQuery,
          response: { 200: z.array(publicUser) },
        },
      },
      async (req, reply) => {
        const { items, total } = await follows.list(req.params.id, side, req.query.cp, req.query.ipp);
        reply.header('X-Total-Count', String(total));
        return items;
      },
    );
  }
}
