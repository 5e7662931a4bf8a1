import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  article,
  articleCardList,
  articleIdParams,
  articleInput,
  articleParams,
  articleQuery,
  articleSource,
  articleStatusInput,
  author,
  authorList,
  categoryList,
  cmsMe,
  faqList,
  faqQuery,
  glossaryList,
  guidesMenu,
  preview,
  previewInput,
  resourceCategoryList,
  videoTutorialList,
} from '@atrium/shared';
import { requireActor } from '../../plugins/auth.ts';
import type { CmsRepo } from './repo.ts';
import type { CmsService } from './service.ts';

const tags = ['cms'];
const staffErrors = ['UNAUTHENTICATED', 'FORBIDDEN'] as const;

// Spec §7 Content management paths. Reads are public (drafts only for staff); writes need a signed-in
// actor and the service's staff check.
export function cmsRoutes(app: FastifyInstance, deps: { cms: CmsService; repo: CmsRepo; publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { cms } = deps;

  r.get('/api/faqs', { schema: { tags, querystring: faqQuery, response: { 200: faqList } } }, async (req) => cms.listFaqs(req.query.category));
  r.get('/api/categories', { schema: { tags, response: { 200: categoryList } } }, async () => cms.listCategories());
  r.get('/api/glossary', { schema: { tags, response: { 200: glossaryList } } }, async () => cms.listGlossary());
  r.get('/api/authors', { schema: { tags, response: { 200: authorList } } }, async () => cms.listAuthors());
  r.get(
    '/api/authors/:id',
    { schema: { tags, params: articleParams, response: { 200: author }, errors: ['NOT_FOUND'] } },
    async (req) => cms.getAuthor(req.params.id),
  );
  r.get('/api/guides-menu', { schema: { tags, response: { 200: guidesMenu } } }, async () => cms.guidesMenu());
  r.get('/api/resource-categories', { schema: { tags, response: { 200: resourceCategoryList } } }, async () => cms.listResourceCategories());
  r.get('/api/video-tutorials', { schema: { tags, response: { 200: videoTutorialList } } }, async () => cms.listVideos());
  r.get('/api/cms/me', { schema: { tags, response: { 200: cmsMe } } }, async (req) => ({ staff: await cms.isStaff(req.actor) }));

  r.get(
    '/api/articles',
    { schema: { tags, querystring: articleQuery, response: { 200: articleCardList }, errors: [...staffErrors] } },
    async (req) => cms.listArticles(req.actor, req.query),
  );
  r.get(
    '/api/articles/:id',
    { schema: { tags, params: articleParams, response: { 200: article }, errors: ['NOT_FOUND'] } },
    async (req) => cms.getArticle(req.actor, req.params.id),
  );
  r.get(
    '/api/articles/:id/source',
    { schema: { tags, params: articleIdParams, response: { 200: articleSource }, errors: [...staffErrors, 'NOT_FOUND'] } },
    async (req) => cms.getSource(requireActor(req), req.params.id),
  );
  r.post(
    '/api/articles/preview',
    { schema: { tags, body: previewInput, response: { 200: preview }, errors: [...staffErrors] } },
    async (req) => cms.preview(requireActor(req), req.body.body),
  );
  r.post(
    '/api/articles',
    { schema: { tags, body: articleInput, response: { 201: articleSource }, errors: [...staffErrors, 'CONFLICT', 'VALIDATION_FAILED'] } },
    async (req, reply) => reply.code(201).send(await cms.create(requireActor(req), req.body)),
  );
  r.put(
    '/api/articles/:id',
    {
      schema: {
        tags,
        params: articleIdParams,
        body: articleInput,
        response: { 200: articleSource },
        errors: [...staffErrors, 'NOT_FOUND', 'CONFLICT', 'VALIDATION_FAILED'],
      },
    },
    async (req) => cms.update(requireActor(req), req.params.id, req.body),
  );
  r.put(
    '/api/articles/:id/status',
    { schema: { tags, params: articleIdParams, body: articleStatusInput, response: { 200: articleSource }, errors: [...staffErrors, 'NOT_FOUND'] } },
    async (req) => cms.setPublished(requireActor(req), req.params.id, req.body.published),
  );
}
