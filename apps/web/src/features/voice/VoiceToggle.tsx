import type { KeyboardEvent } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';
import { useVoice, useVoiceSession } from './store.ts';

const holdKey = (e: KeyboardEvent) => e.key === ' ' || e.key === 'Enter';

/**
 * The toolbar's microphone (spec §2 sidebar): Mute/Unmute, or in push-to-talk mode a button held
 * to talk (pointer, or Space/Enter held while it has focus). Shown only while this visitor is in a
 * voice room with a microphone; Settings explains every other state.
 */
export function VoiceToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const voice = useVoiceSession();
  const snap = useVoice();
  if (!voice || snap?.status !== 'live') return null;
  const talking = !snap.micMuted && snap.level > 0.1;
  if (snap.pushToTalk && !snap.micMuted) {
    const held = snap.talkKeyHeld;
    return (
      <Tooltip label={t('voice.holdToTalk')} position="left" withArrow>
        <ActionIcon
          className={className}
          radius="xl"
          variant={held ? 'filled' : 'subtle'}
          color={held ? 'green' : 'dark'}
          aria-label={t('voice.holdToTalk')}
          aria-pressed={held}
          data-testid="voice-toggle"
          data-mode="push-to-talk"
          onPointerDown={() => voice.setTalkKey(true)}
          onPointerUp={() => voice.setTalkKey(false)}
          onPointerLeave={() => voice.setTalkKey(false)}
          onKeyDown={(e) => holdKey(e) && (e.preventDefault(), voice.setTalkKey(true))}
          onKeyUp={(e) => holdKey(e) && voice.setTalkKey(false)}
          onBlur={() => voice.setTalkKey(false)}
        >
          {held ? <IconMicrophone size={24} /> : <IconMicrophoneOff size={24} />}
        </ActionIcon>
      </Tooltip>
    );
  }
  const label = snap.micMuted ? t('voice.unmute') : t('voice.mute');
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
