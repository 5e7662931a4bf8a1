import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { routeMeta, type RouteMeta } from '@atrium/shared';
import { errorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Extra tags an earlier hook wants in this page's head (a district host names its district). */
    headTags?: string;
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * What a crawler without JavaScript reads inside #root: the page's heading, lead and (for an article)
 * its sanitised body. React's createRoot replaces it on start, so it never has to match React's tree.
 */
function prerenderBody(meta: RouteMeta): string {
  if (!meta.heading) return '';
  const parts = [`<h1>${escapeHtml(meta.heading)}</h1>`];
  if (meta.summary) parts.push(`<p>${escapeHtml(meta.summary)}</p>`);
  if (meta.heroImage) {
    const { src, alt, width, height } = meta.heroImage;
    // Named in the HTML with high priority: it is the home's largest paint, and it need not wait for scripts.
    parts.push(
      `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${width}" height="${height}" fetchpriority="high">`,
    );
  }
  if (meta.bodyHtml) parts.push(meta.bodyHtml);
  return `<main class="prerender">${parts.join('')}</main>`;
}

/** Puts the route's title, description, canonical URL and Open Graph tags into the HTML, and its heading into #root. */
export function renderIndexHtml(template: string, pathname: string, publicUrl: string, meta: RouteMeta = routeMeta(pathname)): string {
  const url = new URL(pathname, publicUrl).toString();
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    meta.noindex ? '' : `<link rel="canonical" href="${escapeHtml(url)}" />`,
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
  const body = prerenderBody(meta);
  // Replacer functions: the path and the page text are in the replacement, and a replacement string
  // would expand `$&`, `$'` in them.
  return template
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace('</head>', () => `    ${tags}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}

/** br or gzip when the browser takes it (a `;q=0` refuses), else null. */
export function htmlEncoding(accept: string | string[] | undefined): 'br' | 'gzip' | null {
  const taken = new Set(
    String(accept ?? '')
      .split(',')
      .map((t) => t.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.toLowerCase()),
  );
  return taken.has('br') ? 'br' : taken.has('gzip') ? 'gzip' : null;
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
      // The build writes .br and .gz beside each asset (apps/web/precompress.ts): sent as they are.
      preCompressed: true,
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
    const html = renderIndexHtml(template, pathname, opts.publicUrl, (await opts.metaFor?.(pathname).catch(() => null)) ?? undefined).replace(
      '</head>',
      () => `${req.headTags ?? ''}</head>`,
    );
    reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    // @fastify/compress works per route and this handler is none, so the page is compressed here
    // (Lighthouse: "no compression applied" on the document).
    const encoding = htmlEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    reply.header('content-encoding', encoding);
    return reply.send(
      encoding === 'br'
        ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : zlib.gzipSync(html),
    );
  });
}
