import { PRODUCT_NAME, type RouteMeta } from '@atrium/shared';
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

/** The web plugin's metaFor: a page whose address names content gets that content's data. */
export const pageMeta =
  (deps: { cms: CmsRepo; seo: SeoRepo }) =>
  async (pathname: string): Promise<RouteMeta | null> =>
    (await spaceMeta(deps.seo, pathname)) ?? (await articleMeta(deps.cms, pathname));
