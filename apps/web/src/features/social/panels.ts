import { IconCompass, IconHeart, IconMessages, IconUserCircle } from '@tabler/icons-react';
import { i18n } from '../../i18n/index.ts';
import { lazyPanel } from '../viewer/panels/lazyPanel.tsx';
import { registerViewerPanel, type ViewerContext } from '../viewer/panels/registry.ts';
import './i18n.ts';

// The social sidebars of spec §2 Viewer (Like, comments, creator, Explore other spaces). Their code
// loads when a panel first opens. They need a published space, and stay out of embeds: an embed's
// host page is not where people sign in, follow or wander off to other spaces.
const t = (key: string) => i18n.t(key);
const social = (ctx: ViewerContext) => !ctx.embedded && ctx.metadata.state === 'Published';

registerViewerPanel({
  id: 'creator',
  label: t('social.creator.label'),
  icon: IconUserCircle,
  order: 12,
  presentation: 'sidebar',
  available: (ctx) => social(ctx) && !!ctx.metadata.creatorId,
  Component: lazyPanel(() => import('./CreatorPanel.tsx')),
});
registerViewerPanel({
  id: 'like',
  label: t('social.like.label'),
  icon: IconHeart,
  order: 25,
  presentation: 'sidebar',
  available: social,
  Component: lazyPanel(() => import('./LikePanel.tsx')),
});
registerViewerPanel({
  id: 'comments',
  label: t('social.comments.label'),
  icon: IconMessages,
  order: 35,
  presentation: 'sidebar',
  available: social,
  Component: lazyPanel(() => import('./CommentsPanel.tsx')),
});
registerViewerPanel({
  id: 'explore',
  label: t('social.explore.label'),
  icon: IconCompass,
  order: 60,
  presentation: 'sidebar',
  available: (ctx) => !ctx.embedded,
  Component: lazyPanel(() => import('./ExplorePanel.tsx')),
});
