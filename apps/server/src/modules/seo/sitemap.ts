import { SITEMAP_STATIC_PATHS } from '@atrium/shared';
import type { CmsRepo } from '../cms/repo.ts';
import { articleUrlPath } from '../cms/seo.ts';
import type { SeoRepo } from './repo.ts';

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Public spaces per sitemap file; the protocol allows 50,000 URLs, fewer keeps each answer quick. */
export const SPACES_PER_SITEMAP = 10_000;

export interface SitemapDeps {
  cms: CmsRepo;
  seo: SeoRepo;
  publicUrl: string;
  perPage?: number;
}

type Entry = [path: string, lastmod: Date | null];

const abs = (path: string, publicUrl: string) => xmlEscape(new URL(path, publicUrl).toString());

const urlset = (entries: Entry[], publicUrl: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
    .map(
      ([path, lastmod]) =>
        `  <url><loc>${abs(path, publicUrl)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`,
    )
    .join('\n')}\n</urlset>\n`;

export const viewerPath = (sceneId: string) => `/viewer/${sceneId}`;

/** Marketing, solutions and resources pages plus every published article, each once with its newest date. */
async function pageEntries(cms: CmsRepo): Promise<Entry[]> {
  const urls = new Map<string, Date | null>(SITEMAP_STATIC_PATHS.map((p) => [p, null]));
  for (const { article } of await cms.listArticles({ includeDrafts: false })) {
    const path = articleUrlPath(article.kind, article.slug);
    const prev = urls.get(path);
    if (!prev || prev < article.updatedAt) urls.set(path, article.updatedAt);
  }
  return [...urls];
}

async function spaceEntries(seo: SeoRepo, page: number, perPage: number): Promise<Entry[]> {
  return (await seo.publicSpacePage((page - 1) * perPage, perPage)).map((s) => [viewerPath(s.id), s.lastmod]);
}

/**
 * `/sitemap.xml`: one urlset while the public spaces fit in one file; past that a sitemap index naming
 * `/sitemap-pages.xml` and one `/sitemap-spaces.xml?page=N` per SPACES_PER_SITEMAP spaces.
 */
export async function sitemapRoot(d: SitemapDeps): Promise<string> {
  const perPage = d.perPage ?? SPACES_PER_SITEMAP;
  const spaces = await d.seo.countPublicSpaces();
  if (spaces <= perPage)
    return urlset([...(await pageEntries(d.cms)), ...(await spaceEntries(d.seo, 1, perPage))], d.publicUrl);
  const files = ['/sitemap-pages.xml'];
  for (let p = 1; p <= Math.ceil(spaces / perPage); p++) files.push(`/sitemap-spaces.xml?page=${p}`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
    .map((f) => `  <sitemap><loc>${abs(f, d.publicUrl)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
}

export async function sitemapPages(d: SitemapDeps): Promise<string> {
  return urlset(await pageEntries(d.cms), d.publicUrl);
}

/** Page `page` (1-based) of the public spaces, or null past the last page. */
export async function sitemapSpaces(d: SitemapDeps, page: number): Promise<string | null> {
  const entries = await spaceEntries(d.seo, page, d.perPage ?? SPACES_PER_SITEMAP);
  return entries.length || page === 1 ? urlset(entries, d.publicUrl) : null;
}
