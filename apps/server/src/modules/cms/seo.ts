import { SITEMAP_STATIC_PATHS, PRODUCT_NAME, type RouteMeta } from '@atrium/shared';
import type { CmsRepo } from './repo.ts';

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

const KIND_PATH: Record<string, string> = { guide: 'guides', blog: 'blog' };

/** Where a published article lives on the site (the white paper has one page of its own). */
export const articleUrlPath = (kind: string, slug: string) =>
  kind === 'whitepaper' ? '/resources/whitepaper' : `/resources/${KIND_PATH[kind] ?? kind}/${slug}`;

export async function sitemapXml(repo: CmsRepo, publicUrl: string): Promise<string> {
  const articles = await repo.listArticles({ includeDrafts: false });
  const urls = new Map<string, Date | null>(SITEMAP_STATIC_PATHS.map((p) => [p, null]));
  for (const { article } of articles) {
    const path = articleUrlPath(article.kind, article.slug);
    const prev = urls.get(path);
    if (!prev || prev < article.updatedAt) urls.set(path, article.updatedAt);
  }
  const body = [...urls]
    .map(([path, lastmod]) => {
      const loc = `<loc>${xmlEscape(new URL(path, publicUrl).toString())}</loc>`;
      return `  <url>${loc}${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

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

/** The page's own title, description and picture for a published article's address, for crawlers. */
export async function articleMeta(repo: CmsRepo, pathname: string): Promise<RouteMeta | null> {
  const m = /^\/resources\/(guides|blog)\/([a-z0-9-]{1,80})\/?$/.exec(pathname) ?? (/^\/resources\/whitepaper\/?$/.test(pathname) ? ['', 'whitepaper', ''] : null);
  if (!m) return null;
  let row;
  if (m[1] === 'whitepaper') row = (await repo.listArticles({ kind: 'whitepaper', includeDrafts: false }))[0];
  else {
    row = await repo.findArticle({ slug: m[2]! });
    if (row && (row.article.status !== 'published' || KIND_PATH[row.article.kind] !== m[1])) row = undefined;
  }
  if (!row) return null;
  const a = row.article;
  return { title: `${a.title} | ${PRODUCT_NAME}`, description: a.description || a.title, image: a.banner ?? a.thumbnail ?? '/og-image.png' };
}
