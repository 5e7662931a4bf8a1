import { IconCalendarEvent, IconUsersGroup } from '@tabler/icons-react';
import { i18n } from '../../i18n/index.ts';
import { lazyPanel } from '../viewer/panels/lazyPanel.tsx';
import { registerViewerPanel } from '../viewer/panels/registry.ts';
import './i18n.ts';

// Spec §2 Viewer "Events" and the party sidebar (spec §3 party). Their code loads when first opened.
const t = (key: string) => i18n.t(key);

registerViewerPanel({
  id: 'events',
  label: t('gatherings.events.label'),
  icon: IconCalendarEvent,
  order: 42,
  presentation: 'sidebar',
  communications: true,
  available: (ctx) => ctx.metadata.state === 'Published',
  Component: lazyPanel(() => import('./EventsPanel.tsx')),
});
registerViewerPanel({
  id: 'party',
  label: t('gatherings.party.label'),
  icon: IconUsersGroup,
  order: 47,
  presentation: 'sidebar',
  communications: true,
  available: (ctx) => !ctx.embedded,
  Component: lazyPanel(() => import('./PartyPanel.tsx')),
});
