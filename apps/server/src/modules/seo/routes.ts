import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@atrium/shared';
import { sitemapPages, sitemapRoot, sitemapSpaces, type SitemapDeps } from './sitemap.ts';

const XML = 'application/xml; charset=utf-8';
const CACHE = 'public, max-age=3600';
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000) });

export const robotsTxt = (publicUrl: string) =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /curate',
    'Disallow: /editor/',
    'Disallow: /resources/manage',
    'Disallow: /learning',
    `Sitemap: ${new URL('/sitemap.xml', publicUrl).toString()}`,
    '',
  ].join('\n');

/** For crawlers (issue 17): the sitemap (public pages, published articles, public published spaces) and robots.txt. */
export function seoRoutes(app: FastifyInstance, deps: SitemapDeps) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(await sitemapRoot(deps)),
  );
  app.get('/sitemap-pages.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(await sitemapPages(deps)),
  );
  app.get('/sitemap-spaces.xml', { schema: { hide: true } }, async (req, reply) => {
    const q = pageQuery.safeParse(req.query);
    if (!q.success) throw new AppError('VALIDATION_FAILED');
    const xml = await sitemapSpaces(deps, q.data.page);
    if (xml === null) throw new AppError('NOT_FOUND');
    return reply.type(XML).header('cache-control', CACHE).send(xml);
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(robotsTxt(deps.publicUrl)),
  );
}
