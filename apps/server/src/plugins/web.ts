import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { routeMeta, type RouteMeta } from '@atrium/shared';
import { errorBody } from './errors.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Puts the route's title, description and Open Graph tags into the HTML so crawlers see them. */
export function renderIndexHtml(template: string, pathname: string, publicUrl: string, meta: RouteMeta = routeMeta(pathname)): string {
  const url = new URL(pathname, publicUrl).toString();
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    meta.image ? `<meta property="og:image" content="${escapeHtml(new URL(meta.image, publicUrl).toString())}" />` : '',
    `<meta name="twitter:card" content="summary_large_image" />`,
    meta.noindex ? `<meta name="robots" content="noindex" />` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  // A replacer function: the path is in `tags`, and a string replacement would expand `$&`, `$'` in it.
  return template.replace(/<title>[\s\S]*?<\/title>/, '').replace('</head>', () => `    ${tags}\n  </head>`);
}

/**
 * Serves the built SPA: hashed files under /assets are immutable, index.html is never cached, and any
 * other path that is not an API route gets index.html (client routing). Unknown /api paths stay JSON 404s.
 */
export async function webPlugin(
  app: FastifyInstance,
  opts: {
    webDist: string;
    publicUrl: string;
    /** A page's own data where the path names content (a published article); null falls back to the route's. */
    metaFor?: (pathname: string) => Promise<RouteMeta | null>;
  },
) {
  const indexFile = path.join(opts.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      // @fastify/static 10 hands setHeaders the Fastify reply, not the raw response.
      setHeaders(reply: FastifyReply, filePath: string) {
        const rel = path.relative(opts.webDist, filePath);
        reply.header(
          'cache-control',
          rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  } else {
    app.log.warn({ webDist: opts.webDist }, 'web app not built; only the API is served');
  }
  const template = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsHtml = (req.method === 'GET' || req.method === 'HEAD') && !path.extname(pathname);
    if (isApi || !wantsHtml || !hasWeb) {
      return reply.code(404).send(errorBody(isApi ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND'));
    }
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderIndexHtml(template, pathname, opts.publicUrl, (await opts.metaFor?.(pathname).catch(() => null)) ?? undefined));
  });
}
