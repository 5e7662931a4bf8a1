import { ActionIcon, Group, Slider, Stack, Text, Tooltip } from '@mantine/core';
import { IconVolume, IconVolume2, IconVolumeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from './registry.ts';

export function VolumeIcon({ volume, muted, size = 22 }: { volume: number; muted: boolean; size?: number }) {
  if (muted || volume === 0) return <IconVolumeOff size={size} />;
  return volume < 50 ? <IconVolume2 size={size} /> : <IconVolume size={size} />;
}

export function SoundPanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const { sound, setVolume, toggleMute } = ctx.prefs;
  const shown = sound.muted ? 0 : sound.volume;
  const muteLabel = sound.muted ? t('viewer.sound.unmute') : t('viewer.sound.mute');
  return (
    <Stack gap="sm">
      <Text id="viewer-volume" size="sm" fw={600}>
        {t('viewer.sound.volume')}
      </Text>
      <Group wrap="nowrap" gap="md">
        <Tooltip label={muteLabel}>
          <ActionIcon variant="light" size="lg" aria-label={muteLabel} aria-pressed={sound.muted} onClick={toggleMute}>
            <VolumeIcon volume={sound.volume} muted={sound.muted} size={20} />
          </ActionIcon>
        </Tooltip>
        <Slider aria-labelledby="viewer-volume" min={0} max={100} value={shown} onChange={setVolume} style={{ flex: 1 }} />
        <Text size="sm" w={36} ta="right" data-testid="volume-value">
          {shown}
        </Text>
      </Group>
    </Stack>
  );
}
