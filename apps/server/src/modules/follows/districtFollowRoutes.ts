import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { districtFollowState, districtFollowUserParams, districtIdParams, districtView, pagingQuery } from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { DistrictFollowsService } from './districtFollows.ts';

/** Spec §7 Social: districtfollow (district/{id}/doesfollow, district/{id}, user/{id}). */
export function districtFollowRoutes(app: FastifyInstance, deps: { follows: DistrictFollowsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const f = deps.follows;
  const tags = ['social', 'districts'];
  const one = { tags, params: districtIdParams, response: { 200: districtFollowState }, errors: ['DISTRICT_ACCESS_DENIED'] as const };
  r.get('/api/districtfollow/district/:id/doesfollow', { schema: one }, async (req) => f.status(req.actor, req.params.id));
  r.post('/api/districtfollow/district/:id', { schema: { ...one, errors: [...one.errors, 'BAD_REQUEST'] } }, async (req) =>
    f.follow(requireActor(req), req.params.id),
  );
  r.delete('/api/districtfollow/district/:id', { schema: one }, async (req) => f.unfollow(requireActor(req), req.params.id));
  r.get(
    '/api/districtfollow/user/:id',
    {
      schema: {
        tags,
        params: districtFollowUserParams,
        querystring: pagingQuery,
        description: "The districts a person follows that the caller may enter; X-Total-Count counts them all.",
        response: { 200: z.array(districtView) },
      },
    },
    async (req, reply) => {
      const { items, total } = await f.followedBy(req.actor, req.params.id, req.query.cp, req.query.ipp);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );
}
