import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMOTES } from '@atrium/shared/realtime/emotes';
import type { PanelProps } from '../viewer/panels/registry.ts';
import { useRealtimeSession } from './store.ts';
import classes from './Realtime.module.css';

const ICONS: Record<(typeof EMOTES)[number], string> = {
  wave: '👋',
  clap: '👏',
  thumbsUp: '👍',
  backflip: '🤸',
  victory: '✌️',
  fingerGuns: '👉',
  crazy: '🤪',
  macarena: '💃',
  hipHop: '🕺',
};

/** Spec §2 Emotes: the nine animations, played on your avatar for everyone in the instance. */
export function EmotesPanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const session = useRealtimeSession();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('realtime.emotes.hint')}
      </Text>
      <div className={classes.emotes}>
        {EMOTES.map((id) => (
          <Button
            key={id}
            variant="light"
            h={72}
            onClick={() => (session ? session.emote(id) : ctx.engine.avatars.playEmote(id))}
            data-emote={id}
          >
            <Stack gap={2} align="center">
              <span aria-hidden style={{ fontSize: 22 }}>
                {ICONS[id]}
              </span>
              <Text size="xs">{t(`realtime.emotes.names.${id}`)}</Text>
            </Stack>
          </Button>
        ))}
      </div>
    </Stack>
  );
}
