import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { faqList, faqQuery } from '@atrium/shared';
import type { CmsRepo } from './repo.ts';

// Read-only content; no rules to apply, so the route talks to the repository directly.
export function cmsRoutes(app: FastifyInstance, deps: { cms: CmsRepo }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/faqs',
    { schema: { tags: ['cms'], querystring: faqQuery, response: { 200: faqList } } },
    async (req) => deps.cms.listFaqs(req.query.category),
  );
}
