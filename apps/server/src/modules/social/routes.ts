import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentBody,
  commentPatch,
  favouriteStatus,
  likeStatus,
  pagedQuery,
  sceneComment,
  sceneIdParams,
  viewResult,
} from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { SocialService } from './service.ts';
import { noContent } from '@atrium/shared/http';

const commentParams = z.strictObject({ id: z.uuid() });
const replyView = sceneComment.omit({ childComments: true });

/** Spec §7 Social: scenelike (scene/{id}), scenecomment (scene/{id}, {id}), plus favourites and views. */
export function socialRoutes(app: FastifyInstance, deps: { social: SocialService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = deps.social;
  const tags = ['social'];
  const params = sceneIdParams;

  r.get('/api/scenelike/scene/:id', { schema: { tags, params, response: { 200: likeStatus } } }, async (req) =>
    s.likeStatus(req.actor, req.params.id),
  );
  r.post(
    '/api/scenelike/scene/:id',
    { schema: { tags, params, description: 'Idempotent: liking twice keeps one like.', response: { 200: likeStatus } } },
    async (req) => s.like(requireActor(req), req.params.id),
  );
  r.delete('/api/scenelike/scene/:id', { schema: { tags, params, response: { 200: likeStatus } } }, async (req) =>
    s.unlike(requireActor(req), req.params.id),
  );

  r.get('/api/scenefavourite/scene/:id', { schema: { tags, params, response: { 200: favouriteStatus } } }, async (req) =>
    s.favouriteStatus(requireActor(req), req.params.id),
  );
  r.post('/api/scenefavourite/scene/:id', { schema: { tags, params, response: { 200: favouriteStatus } } }, async (req) =>
    s.setFavourite(requireActor(req), req.params.id, true),
  );
  r.delete('/api/scenefavourite/scene/:id', { schema: { tags, params, response: { 200: favouriteStatus } } }, async (req) =>
    s.setFavourite(requireActor(req), req.params.id, false),
  );

  r.post(
    '/api/sceneview/:id',
    {
      schema: {
        tags,
        params,
        description: 'Records a visit: counted once per visitor per space per 6 hours; bots and owners are not counted.',
        response: { 200: viewResult },
      },
    },
    async (req) => s.view(req.actor, req.params.id, { ip: req.ip, userAgent: req.headers['user-agent'] }),
  );

  r.get(
    '/api/scenecomment/scene/:id',
    { schema: { tags, params, querystring: pagedQuery, response: { 200: z.array(sceneComment) } } },
    async (req) => s.comments(req.actor, req.params.id, req.query.cp, req.query.ipp),
  );
  r.post(
    '/api/scenecomment/scene/:id',
    {
      schema: {
        tags,
        params,
        body: commentBody,
        description: 'Plain text (HTML is kept as text). 403 COMMENTS_DISABLED when the space turned comments off; 429 when posting too fast.',
        response: { 201: replyView },
        errors: ['COMMENTS_DISABLED'],
      },
    },
    async (req, reply) => reply.code(201).send(await s.addComment(requireActor(req), req.params.id, req.body)),
  );
  r.patch(
    '/api/scenecomment/:id',
    { schema: { tags, params: commentParams, body: commentPatch, response: { 200: replyView }, errors: ['FORBIDDEN', 'COMMENTS_DISABLED'] } },
    async (req) => s.editComment(requireActor(req), req.params.id, req.body.body),
  );
  r.delete('/api/scenecomment/:id', { schema: { tags, params: commentParams, response: { 204: noContent }, errors: ['FORBIDDEN'] } }, async (req, reply) => {
    await s.deleteComment(requireActor(req), req.params.id);
    return reply.code(204).send();
  });
}
