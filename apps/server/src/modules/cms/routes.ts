import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  contentLanguageQuery,
  faqList,
  faqQuery,
  glossaryList,
  guidesMenu,
  preview,
  previewInput,
  resourceCategoryList,
  videoTutorialList,
} from '@atrium/shared';
import { requestLanguage, type Language } from '@atrium/shared/i18n/languages';
import { requireActor } from '../../plugins/auth.ts';
import type { CmsRepo } from './repo.ts';
import type { CmsService } from './service.ts';

const tags = ['cms'];
const staffErrors = ['UNAUTHENTICATED', 'FORBIDDEN'] as const;

/**
 * The language of a content listing (issue 17): `?lang=` when given (the web always sends its interface
 * language), else the switcher's cookie or Accept-Language. Shared caches keep the answers apart.
 */
function contentLanguage(req: FastifyRequest, reply: FastifyReply, asked: Language | undefined): Language {
  const lng = asked ?? requestLanguage({ cookie: req.headers.cookie, acceptLanguage: req.headers['accept-language'] });
  if (!asked) void reply.header('vary', 'Accept-Language, Cookie');
  void reply.header('content-language', lng);
  return lng;
}

// Spec §7 Content management paths. Reads are public (drafts only for staff); writes need a signed-in
// actor and the service's staff check.
export function cmsRoutes(app: FastifyInstance, deps: { cms: CmsService; repo: CmsRepo; publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { cms } = deps;

  r.get('/api/faqs', { schema: { tags, querystring: faqQuery, response: { 200: faqList } } }, async (req, reply) =>
    cms.listFaqs(contentLanguage(req, reply, req.query.lang), req.query.category),
  );
  r.get('/api/categories', { schema: { tags, querystring: contentLanguageQuery, response: { 200: categoryList } } }, async (req, reply) =>
    cms.listCategories(contentLanguage(req, reply, req.query.lang)),
  );
  r.get('/api/glossary', { schema: { tags, querystring: contentLanguageQuery, response: { 200: glossaryList } } }, async (req, reply) =>
    cms.listGlossary(contentLanguage(req, reply, req.query.lang)),
  );
  r.get('/api/authors', { schema: { tags, response: { 200: authorList } } }, async () => cms.listAuthors());
  r.get(
    '/api/authors/:id',
    { schema: { tags, params: articleParams, response: { 200: author }, errors: ['NOT_FOUND'] } },
    async (req) => cms.getAuthor(req.params.id),
  );
  r.get('/api/guides-menu', { schema: { tags, querystring: contentLanguageQuery, response: { 200: guidesMenu } } }, async (req, reply) =>
    cms.guidesMenu(contentLanguage(req, reply, req.query.lang)),
  );
  r.get('/api/resource-categories', { schema: { tags, response: { 200: resourceCategoryList } } }, async () => cms.listResourceCategories());
  r.get('/api/video-tutorials', { schema: { tags, querystring: contentLanguageQuery, response: { 200: videoTutorialList } } }, async (req, reply) =>
    cms.listVideos(contentLanguage(req, reply, req.query.lang)),
  );
  r.get('/api/cms/me', { schema: { tags, response: { 200: cmsMe } } }, async (req) => ({ staff: await cms.isStaff(req.actor) }));

  r.get(
    '/api/articles',
    { schema: { tags, querystring: articleQuery, response: { 200: articleCardList }, errors: [...staffErrors] } },
    async (req, reply) => cms.listArticles(req.actor, req.query, contentLanguage(req, reply, req.query.lang)),
  );
  r.get(
    '/api/articles/:id',
    { schema: { tags, params: articleParams, querystring: contentLanguageQuery, response: { 200: article }, errors: ['NOT_FOUND'] } },
    async (req, reply) => cms.getArticle(req.actor, req.params.id, contentLanguage(req, reply, req.query.lang)),
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
