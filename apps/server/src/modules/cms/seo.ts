import { PRODUCT_NAME, type RouteMeta } from '@atrium/shared';
import type { CmsRepo } from './repo.ts';

const KIND_PATH: Record<string, string> = { guide: 'guides', blog: 'blog' };

/** Where a published article lives on the site (the white paper has one page of its own). */
export const articleUrlPath = (kind: string, slug: string) =>
  kind === 'whitepaper' ? '/resources/whitepaper' : `/resources/${KIND_PATH[kind] ?? kind}/${slug}`;

/** A published article's own title, description, picture, heading and body for its address, for crawlers. */
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
  return {
    title: `${a.title} | ${PRODUCT_NAME}`,
    description: a.description || a.title,
    image: a.banner ?? a.thumbnail ?? '/og-image.png',
    heading: a.title,
    ...(a.description ? { summary: a.description } : {}),
    bodyHtml: a.bodyHtml,
  };
}
