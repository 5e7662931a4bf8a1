import type { AssetKind } from '@atrium/shared';
import type { paths } from './generated/openapi.d.ts';

// TanStack Query keys, one factory per domain. The first element is the domain, so invalidating
// `['explore']` or `['user']` reaches every list of it; kept free of hooks so small chunks can import it.

/** What an Explore list is asked for (the page is added per request). */
export type ExploreParams = Omit<NonNullable<paths['/api/publishedscene/metadata/search']['get']['parameters']['query']>, 'cp' | 'ipp'>;

export const assetKeys = {
  all: ['assets'] as const,
  library: (userId: string, kind: AssetKind) => ['assets', 'library', userId, kind] as const,
  one: (id: string) => ['assets', 'one', id] as const,
  myAvatars: ['assets', 'my', 'avatar'] as const,
  licenses: ['licenses'] as const,
};

export const userKeys = {
  all: ['user'] as const,
  my: ['user', 'my'] as const,
  myAvatar: ['user', 'my', 'avatar'] as const,
  one: (id: string) => ['user', id] as const,
  search: (q: string, ipp: number) => ['user', 'search', q, ipp] as const,
};

export const followKeys = {
  all: ['userFollow'] as const,
  status: (userId: string) => ['userFollow', userId] as const,
  list: (userId: string, side: 'followers' | 'following') => ['userFollow', userId, side] as const,
};

export const settingsKeys = { my: ['settings', 'my'] as const };
export const apiKeyKeys = { all: ['apikeys'] as const };

export const groupKeys = {
  my: ['group', 'my'] as const,
  memberOf: ['group', 'me'] as const,
  ofUser: (userId: string) => ['group', 'user', userId] as const,
};

export const exploreKeys = {
  all: ['explore'] as const,
  search: (p: ExploreParams) => ['explore', p] as const,
  mine: (state: 'Draft' | 'Published') => ['explore', 'mine', state] as const,
  others: (tab: string, sceneId: string) => ['explore', 'viewer', tab, sceneId] as const,
};

export const slotKeys = { my: ['slot'] as const };

export const sceneKeys = {
  myMetadata: (sceneId: string) => ['scene', 'metadata', sceneId] as const,
};

export const viewerKeys = {
  metadata: (draft: boolean, sceneId: string) => ['viewer', 'metadata', draft, sceneId] as const,
  content: (draft: boolean, sceneId: string) => ['viewer', 'content', draft, sceneId] as const,
  creator: (userId: string) => ['viewer', 'creator', userId] as const,
  card: (sceneId: string) => ['viewer', 'card', sceneId] as const,
};

export const socialKeys = {
  likes: (sceneId: string) => ['scenelike', sceneId] as const,
  favourite: (sceneId: string) => ['scenefavourite', sceneId] as const,
  comments: (sceneId: string) => ['scenecomment', sceneId] as const,
};

export const notificationKeys = { menu: ['notification', 'my'] as const };

/** Credits, what they buy and card checkout (spec §7 wallet, marketplaceitem, stripe/*). */
export const marketplaceKeys = {
  all: ['marketplace'] as const,
  wallet: ['marketplace', 'wallet'] as const,
  items: ['marketplace', 'items'] as const,
  products: ['marketplace', 'products'] as const,
  subscription: ['marketplace', 'subscription'] as const,
  history: ['marketplace', 'history'] as const,
  receipt: (paymentId: string) => ['marketplace', 'receipt', paymentId] as const,
  /** Outside `all` on purpose: refetching marketplace data after an upgrade must not re-ask the preview just paid. */
  upgradePreview: (priceId: string) => ['marketplace-upgrade-preview', priceId] as const,
  session: (sessionId: string) => ['marketplace', 'session', sessionId] as const,
};

/** What an article listing is asked for (kind, category, tag, search, drafts for staff). */
export type ArticleListParams = NonNullable<paths['/api/articles']['get']['parameters']['query']>;

export const cmsKeys = {
  all: ['cms'] as const,
  articles: (p: ArticleListParams) => ['cms', 'articles', p] as const,
  article: (id: string) => ['cms', 'article', id] as const,
  source: (id: string) => ['cms', 'source', id] as const,
  faqs: ['cms', 'faqs'] as const,
  glossary: ['cms', 'glossary'] as const,
  videos: ['cms', 'videos'] as const,
  categories: ['cms', 'categories'] as const,
  authors: ['cms', 'authors'] as const,
  guidesMenu: ['cms', 'guides-menu'] as const,
  resourceCategories: ['cms', 'resource-categories'] as const,
  me: ['cms', 'me'] as const,
};
