import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';
import { useVoice, useVoiceSession } from './store.ts';

/**
 * The toolbar's microphone Mute/Unmute (spec §2 sidebar). Shown only while this visitor is in a
 * voice room with a microphone; Settings explains every other state.
 */
export function VoiceToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const voice = useVoiceSession();
  const snap = useVoice();
  if (!voice || snap?.status !== 'live') return null;
  const label = snap.micMuted ? t('voice.unmute') : t('voice.mute');
  const talking = !snap.micMuted && snap.level > 0.1;
  return (
    <Tooltip label={label} position="left" withArrow>
      <ActionIcon
        className={className}
        radius="xl"
        variant={snap.micMuted ? 'filled' : talking ? 'light' : 'subtle'}
        color={snap.micMuted ? 'red' : talking ? 'green' : 'dark'}
        aria-label={label}
        aria-pressed={snap.micMuted}
        data-testid="voice-toggle"
        onClick={() => voice.setMicMuted(!snap.micMuted)}
      >
        {snap.micMuted ? <IconMicrophoneOff size={24} /> : <IconMicrophone size={24} />}
      </ActionIcon>
    </Tooltip>
  );
}
