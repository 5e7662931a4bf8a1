import { Alert, Badge, Button, Group, Progress, Select, Stack, Switch, Text } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';
import { useRealtime, useRealtimeSession } from '../realtime/store.ts';
import { storeMicrophone, useVoice, useVoiceSession } from './store.ts';
import { storePushToTalk } from './talking.ts';
import type { VoiceStatus } from './voiceSession.ts';

const notice: Partial<Record<VoiceStatus, { key: string; color: string }>> = {
  micDenied: { key: 'voice.microphoneRefused', color: 'orange' },
  disabled: { key: 'voice.disabled', color: 'gray' },
  mutedByOwner: { key: 'voice.mutedByOwner', color: 'gray' },
  unavailable: { key: 'voice.notSetUp', color: 'gray' },
  reconnecting: { key: 'voice.reconnecting', color: 'yellow' },
  connecting: { key: 'voice.connecting', color: 'blue' },
};

/** Settings → microphone (spec §2): mute, device picker, level meter and why voice is off. */
export function VoiceSettings() {
  const { t } = useTranslation();
  const voice = useVoiceSession();
  const snap = useVoice();
  const visitors = useRealtime()?.visitors ?? [];
  const realtime = useRealtimeSession();
  if (!voice || !snap) {
    return (
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('voice.microphone')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('voice.signIn')}
        </Text>
      </Stack>
    );
  }
  const n = notice[snap.status];
  const live = snap.status === 'live';
  return (
    <Stack gap={8} data-testid="voice-settings" data-voice-status={snap.status}>
      <Text size="sm" fw={600} id="voice-microphone">
        {t('voice.microphone')}
      </Text>
      {n && (
        <Alert color={n.color} p="xs" role="status">
          <Text size="sm">{t(n.key)}</Text>
          {snap.status === 'micDenied' && (
            <Button size="xs" variant="light" mt={6} onClick={() => voice.retry()}>
              {t('voice.allowAgain')}
            </Button>
          )}
        </Alert>
      )}
      {live && (
        <>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant={snap.micMuted ? 'filled' : 'light'}
              color={snap.micMuted ? 'red' : 'atrium'}
              leftSection={snap.micMuted ? <IconMicrophoneOff size={16} /> : <IconMicrophone size={16} />}
              aria-pressed={snap.micMuted}
              onClick={() => voice.setMicMuted(!snap.micMuted)}
            >
              {snap.micMuted ? t('voice.unmute') : t('voice.mute')}
            </Button>
            <Progress
              flex={1}
              value={snap.level * 100}
              aria-label={t('voice.level')}
              data-testid="voice-level"
              data-level={snap.level}
              transitionDuration={80}
            />
          </Group>
          <Select
            aria-labelledby="voice-microphone"
            data-testid="voice-microphone-picker"
            placeholder={t('voice.chooseMicrophone')}
            data={snap.devices.map((d) => ({ value: d.deviceId, label: d.label }))}
            value={snap.deviceId}
            allowDeselect={false}
            onChange={(id) => {
              if (!id) return;
              storeMicrophone(id);
              void voice.setDevice(id);
            }}
            comboboxProps={{ withinPortal: false }}
          />
          <Switch
            label={t('voice.pushToTalk')}
            description={t('voice.pushToTalkHint')}
            checked={snap.pushToTalk}
            data-testid="voice-push-to-talk"
            onChange={(e) => {
              storePushToTalk(e.currentTarget.checked);
              voice.setPushToTalk(e.currentTarget.checked);
            }}
          />
          {snap.pushToTalk && (
            <Badge variant={snap.talkKeyHeld ? 'filled' : 'light'} color={snap.talkKeyHeld ? 'green' : 'gray'} data-testid="voice-ptt-state" data-held={snap.talkKeyHeld}>
              {snap.talkKeyHeld ? t('voice.talkingNow') : t('voice.holdToTalk')}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {t('voice.live')}
          </Text>
          {snap.speakers.length > 0 && (
            <Group gap={6} aria-label={t('voice.heard')}>
              {snap.speakers.map((userId) => {
                const talking = snap.talking.includes(userId);
                return (
                  <Badge
                    key={userId}
                    variant={talking ? 'filled' : 'light'}
                    color={talking ? 'green' : 'gray'}
                    leftSection={<IconMicrophone size={12} />}
                    data-testid="voice-speaker"
                    data-user={userId}
                    data-talking={talking}
                    title={talking ? t('voice.talking') : undefined}
                  >
                    {visitors.find((v) => v.userId === userId)?.name ?? realtime?.visitorName(userId) ?? '…'}
                  </Badge>
                );
              })}
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
