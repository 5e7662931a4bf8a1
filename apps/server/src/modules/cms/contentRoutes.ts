import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cmsContentIdParams, faq, faqInput, glossaryEntry, glossaryInput, videoTutorial, videoTutorialInput } from '@atrium/shared';
import { noContent } from '@atrium/shared/http';
import type { CmsContentService } from './contentService.ts';

const tags = ['cms'];
const writeErrors = ['UNAUTHENTICATED', 'FORBIDDEN', 'CONFLICT', 'VALIDATION_FAILED'] as const;
const editErrors = [...writeErrors, 'NOT_FOUND'] as const;
const deleteErrors = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'] as const;

/**
 * Staff writes of FAQs, glossary entries and video tutorials; the reads stay in routes.ts
 * (GET /api/faqs, /api/glossary, /api/video-tutorials). The service checks the staff grant first.
 */
export function cmsContentRoutes(app: FastifyInstance, deps: { content: CmsContentService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { content } = deps;
  const params = cmsContentIdParams;

  r.post('/api/faqs', { schema: { tags, body: faqInput, response: { 201: faq }, errors: [...writeErrors] } }, async (req, reply) =>
    reply.code(201).send(await content.createFaq(req.actor, req.body)),
  );
  r.put('/api/faqs/:id', { schema: { tags, params, body: faqInput, response: { 200: faq }, errors: [...editErrors] } }, async (req) =>
    content.updateFaq(req.actor, req.params.id, req.body),
  );
  r.delete('/api/faqs/:id', { schema: { tags, params, response: { 204: noContent }, errors: [...deleteErrors] } }, async (req, reply) => {
    await content.deleteFaq(req.actor, req.params.id);
    return reply.code(204).send();
  });

  r.post('/api/glossary', { schema: { tags, body: glossaryInput, response: { 201: glossaryEntry }, errors: [...writeErrors] } }, async (req, reply) =>
    reply.code(201).send(await content.createGlossary(req.actor, req.body)),
  );
  r.put('/api/glossary/:id', { schema: { tags, params, body: glossaryInput, response: { 200: glossaryEntry }, errors: [...editErrors] } }, async (req) =>
    content.updateGlossary(req.actor, req.params.id, req.body),
  );
  r.delete('/api/glossary/:id', { schema: { tags, params, response: { 204: noContent }, errors: [...deleteErrors] } }, async (req, reply) => {
    await content.deleteGlossary(req.actor, req.params.id);
    return reply.code(204).send();
  });

  r.post(
    '/api/video-tutorials',
    { schema: { tags, body: videoTutorialInput, response: { 201: videoTutorial }, errors: [...writeErrors] } },
    async (req, reply) => reply.code(201).send(await content.createVideo(req.actor, req.body)),
  );
  r.put(
    '/api/video-tutorials/:id',
    { schema: { tags, params, body: videoTutorialInput, response: { 200: videoTutorial }, errors: [...editErrors] } },
    async (req) => content.updateVideo(req.actor, req.params.id, req.body),
  );
  r.delete('/api/video-tutorials/:id', { schema: { tags, params, response: { 204: noContent }, errors: [...deleteErrors] } }, async (req, reply) => {
    await content.deleteVideo(req.actor, req.params.id);
    return reply.code(204).send();
  });
}
