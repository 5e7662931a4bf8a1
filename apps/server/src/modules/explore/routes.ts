import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exploreQuery, happeningNowItem, myCardsQuery, pagedQuery, PAGING, sceneCard, sceneIdParams } from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { ExploreService } from './service.ts';

const manyParams = z.strictObject({
  ids: z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.uuid()).min(1).max(PAGING.maxIpp)),
});

export function exploreRoutes(app: FastifyInstance, deps: { explore: ExploreService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['explore'];
  r.get(
    '/api/publishedscene/metadata/search',
    {
      schema: {
        tags,
        querystring: exploreQuery,
        description:
          'Explore: full-text q over title, description, tags and creator; filter All/Recommended/Favorites/History/Public/Private; sort date/views/likes; cp/ipp paging (400 when out of range).',
        response: { 200: z.array(sceneCard) },
      },
    },
    async (req) => deps.explore.search(req.actor, req.query),
  );
  r.get(
    '/api/publishedscene/metadata/my',
    { schema: { tags, querystring: myCardsQuery, response: { 200: z.array(sceneCard) } } },
    async (req) => deps.explore.mine(requireActor(req), req.query),
  );
  r.get(
    '/api/publishedscene/metadata/many/:ids',
    { schema: { tags, params: manyParams, response: { 200: z.array(sceneCard) } } },
    async (req) => deps.explore.many(req.actor, req.params.ids),
  );
  r.get(
    '/api/publishedscene/metadata/trending',
    {
      schema: {
        tags,
        querystring: pagedQuery,
        description: 'Viewer TRENDING: spaces liked and visited most in the last 7 days (2 per like, 1 per counted view); cp/ipp paging.',
        response: { 200: z.array(sceneCard) },
      },
    },
    async (req) => deps.explore.trending(req.actor, req.query),
  );
  r.get(
    '/api/publishedscene/metadata/happeningnow',
    {
      schema: {
        tags,
        description:
          'Explore "happening now": spaces with an event on, then spaces with people in them now, busiest first (at most 12, only spaces the caller may see).',
        response: { 200: z.array(happeningNowItem) },
      },
    },
    async (req) => deps.explore.happeningNow(req.actor),
  );
  r.get(
    '/api/publishedscene/metadata/:id/related',
    {
      schema: {
        tags,
        params: sceneIdParams,
        querystring: pagedQuery,
        description: 'Viewer RELATED: other spaces sharing tags with this one, most shared tags first; 404 when this space is not visible to the caller.',
        response: { 200: z.array(sceneCard) },
      },
    },
    async (req) => deps.explore.related(req.actor, req.params.id, req.query),
  );
}
