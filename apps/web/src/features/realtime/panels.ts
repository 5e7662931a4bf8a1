import { IconMessageCircle, IconMoodSmile, IconUsers } from '@tabler/icons-react';
import { i18n } from '../../i18n/index.ts';
import { registerViewerPanel } from '../viewer/panels/registry.ts';
import { ChatPanel } from './ChatPanel.tsx';
import { EmotesPanel } from './EmotesPanel.tsx';
import './i18n.ts';
import './mantine-realtime.ts';
import { LiveVisitorsPanel } from './LiveVisitorsPanel.tsx';
import { useUnreadChat } from './unread.ts';

// The realtime sidebars of spec §2 Viewer, slotted between the built-in ones.
const t = (key: string) => i18n.t(key);

registerViewerPanel({ id: 'emotes', label: t('realtime.emotes.label'), icon: IconMoodSmile, order: 15, presentation: 'sidebar', communications: true, Component: EmotesPanel });
registerViewerPanel({ id: 'chat', label: t('realtime.chat.label'), icon: IconMessageCircle, order: 40, presentation: 'sidebar', communications: true, useBadge: useUnreadChat, Component: ChatPanel });
registerViewerPanel({ id: 'live', label: t('realtime.live.label'), icon: IconUsers, order: 45, presentation: 'sidebar', communications: true, Component: LiveVisitorsPanel });
