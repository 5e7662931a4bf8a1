import { ThemeIcon, Tooltip } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';
import { useVoice } from './store.ts';

/** A microphone beside a visitor's name while their voice is heard (Live visitors' talking indicator). */
export function TalkingMark({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const talking = useVoice()?.talking.includes(userId) ?? false;
  if (!talking) return null;
  return (
    <Tooltip label={t('voice.talking')}>
      <ThemeIcon size="sm" radius="xl" color="green" variant="light" aria-label={t('voice.talking')} data-testid="talking-mark">
        <IconMicrophone size={14} />
      </ThemeIcon>
    </Tooltip>
  );
}
