import { ActionIcon, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ViewerPanel } from './panels/registry.ts';
import { VolumeIcon } from './panels/SoundPanel.tsx';
import { VoiceToggle } from '../voice/VoiceToggle.tsx';
import type { ViewerPrefs } from './useViewerPrefs.ts';
import classes from './Viewer.module.css';
import bar from './Toolbar.module.css';

export function Toolbar({
  panels,
  active,
  onToggle,
  prefs,
}: {
  panels: readonly ViewerPanel[];
  active: string | null;
  onToggle(id: string): void;
  prefs: ViewerPrefs;
}) {
  const { t } = useTranslation();
  const muteLabel = prefs.sound.muted ? t('viewer.sound.unmute') : t('viewer.sound.mute');
  return (
    <nav className={`${classes.toolbar} ${bar.bar}`} aria-label={t('viewer.toolbar')}>
      <div className={bar.scroller} data-testid="toolbar-panels">
        {panels.map((p) => {
          const Icon = p.icon;
          const on = active === p.id;
          return (
            <Tooltip key={p.id} label={p.label} position="left" withArrow>
              <ActionIcon
                className={classes.toolButton}
                radius="xl"
                variant={on ? 'filled' : 'subtle'}
                color={on ? 'atrium' : 'dark'}
                aria-label={p.label}
                aria-pressed={on}
                aria-haspopup="dialog"
                data-panel={p.id}
                onClick={() => onToggle(p.id)}
              >
                <Icon size={24} stroke={1.7} />
                {p.useBadge && <PanelBadge useCount={p.useBadge} open={on} />}
              </ActionIcon>
            </Tooltip>
          );
        })}
      </div>
      <div className={bar.pinned}>
        <Tooltip label={muteLabel} position="left" withArrow>
          <ActionIcon
            className={classes.toolButton}
            radius="xl"
            variant="subtle"
            color="dark"
            aria-label={muteLabel}
            aria-pressed={prefs.sound.muted}
            onClick={prefs.toggleMute}
          >
            <VolumeIcon volume={prefs.sound.volume} muted={prefs.sound.muted} size={24} />
          </ActionIcon>
        </Tooltip>
        <VoiceToggle className={classes.toolButton} />
      </div>
    </nav>
  );
}

/** The count on a toolbar button (e.g. unread chat messages while the Chat sidebar is closed). */
function PanelBadge({ useCount, open }: { useCount(open: boolean): number; open: boolean }) {
  const count = useCount(open);
  if (count <= 0) return null;
  return (
    <span className={bar.badge} data-testid="panel-badge">
      {count > 9 ? '9+' : count}
    </span>
  );
}
