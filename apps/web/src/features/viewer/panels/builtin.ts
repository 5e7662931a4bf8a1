import { IconDots, IconHeadphones, IconInfoCircle, IconMap2, IconRoute, IconSettings, IconShare3 } from '@tabler/icons-react';
import { i18n } from '../../../i18n/index.ts';
import '../i18n.ts';
import { InfoPanel } from './InfoPanel.tsx';
import { MapPanel } from './MapPanel.tsx';
import { MorePanel } from './MorePanel.tsx';
import { PathsPanel } from './PathsPanel.tsx';
import { registerViewerPanel } from './registry.ts';
import { SettingsPanel } from './SettingsPanel.tsx';
import { SharePanel } from './SharePanel.tsx';
import { SoundPanel } from './SoundPanel.tsx';

// The sidebars of spec §2 Viewer that need nothing from later features. Order leaves gaps so
// chat (communications), events and explore can slot in between.
const t = (key: string) => i18n.t(key);

registerViewerPanel({ id: 'info', label: t('viewer.info.label'), icon: IconInfoCircle, order: 10, presentation: 'sidebar', Component: InfoPanel });
registerViewerPanel({ id: 'share', label: t('viewer.share.label'), icon: IconShare3, order: 20, presentation: 'modal', Component: SharePanel });
registerViewerPanel({
  id: 'paths',
  label: t('viewer.paths.label'),
  icon: IconRoute,
  order: 30,
  presentation: 'sidebar',
  available: (ctx) => ctx.document.guidedTours.some((g) => g.public && g.points.length > 0),
  Component: PathsPanel,
});
registerViewerPanel({ id: 'map', label: t('viewer.map.label'), icon: IconMap2, order: 50, presentation: 'sidebar', Component: MapPanel });
registerViewerPanel({ id: 'settings', label: t('viewer.settings.label'), icon: IconSettings, order: 80, presentation: 'sidebar', Component: SettingsPanel });
registerViewerPanel({ id: 'sound', label: t('viewer.sound.label'), icon: IconHeadphones, order: 85, presentation: 'sidebar', Component: SoundPanel });
registerViewerPanel({ id: 'more', label: t('viewer.more.label'), icon: IconDots, order: 90, presentation: 'sidebar', Component: MorePanel });
