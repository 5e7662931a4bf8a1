import { PRODUCT_NAME, routeMeta, type RouteMeta } from '@atrium/shared';
import type { CmsRepo } from '../cms/repo.ts';
import { articleMeta } from '../cms/seo.ts';
import type { SeoRepo } from './repo.ts';

const VIEWER = /^\/viewer\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** A public published space's own title, description and cover for its viewer address; null otherwise. */
export async function spaceMeta(seo: SeoRepo, pathname: string): Promise<RouteMeta | null> {
  const id = VIEWER.exec(pathname)?.[1];
  if (!id) return null;
  const space = await seo.publicSpace(id.toLowerCase());
  if (!space) return null;
  const description =
    space.description.trim() ||
    `Visit “${space.title}”, a 3D space on ${PRODUCT_NAME}. It opens in the browser, no download needed.`;
  return {
    title: `${space.title} | ${PRODUCT_NAME}`,
    description,
    image: space.image ?? '/og-image.png',
    heading: space.title,
    summary: description,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** How many of the newest public spaces Explore's served HTML lists (the app's first page holds 9). */
export const EXPLORE_PRERENDER_SPACES = 9;

/**
 * `/explore` with the newest public spaces as links with their pictures: a crawler finds the spaces,
 * and the first picture is in the HTML, so it paints before any script runs instead of after the app,
 * its query and the card grid (Lighthouse: Explore's largest paint at 7.7 s). It is drawn taller than
 * the app's card (global.css `.prerender-cards`), so React's copy of it is never a larger paint.
 */
export async function exploreMeta(seo: SeoRepo, pathname: string): Promise<RouteMeta | null> {
  if (!/^\/explore\/?$/i.test(pathname)) return null;
  const spaces = await seo.latestPublicSpaces(EXPLORE_PRERENDER_SPACES);
  if (spaces.length === 0) return null;
  const items = spaces.map((s, i) => {
    const img = s.image
      ? `<img src="${escapeHtml(s.image)}" alt="" width="400" height="300"${i === 0 ? ' fetchpriority="high"' : ' loading="lazy"'}>`
      : '';
    return `<li><a href="/viewer/${s.id}">${img}<span>${escapeHtml(s.title)}</span></a></li>`;
  });
  return { ...routeMeta('/explore'), bodyHtml: `<ul class="prerender-cards">${items.join('')}</ul>` };
}

/** The web plugin's metaFor: a page whose address names content gets that content's data. */
export const pageMeta =
  (deps: { cms: CmsRepo; seo: SeoRepo }) =>
  async (pathname: string): Promise<RouteMeta | null> =>
    (await spaceMeta(deps.seo, pathname)) ?? (await exploreMeta(deps.seo, pathname)) ?? (await articleMeta(deps.cms, pathname));
