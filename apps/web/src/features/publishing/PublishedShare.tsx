import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { viewerUrl } from '@atrium/shared/share/links';
import { msg } from '../../i18n/msg.ts';
import { ShareTargets } from '../../components/ShareTargets.tsx';
import './i18n.ts';

/** The wizard's last screen: the space is live; its link to copy, the social networks, and a way in. */
export function PublishedShare({ sceneId, title }: { sceneId: string; title: string }) {
  const { t } = useTranslation();
  const url = viewerUrl(window.location.origin, sceneId);
  return (
    <Stack align="stretch" py="md" gap="lg" data-testid="published-share">
      <Stack align="center" gap={4}>
        <Text fw={800} size="xl">
          {t('publishing.wizard.publishedTitle')}
        </Text>
        <Text c="dimmed">{msg.publishing.published}</Text>
      </Stack>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput label={t('publishing.wizard.shareLink')} value={url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />} onClick={copy} variant={copied ? 'light' : 'filled'}>
              {copied ? t('publishing.wizard.copied') : t('publishing.wizard.copyLink')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <ShareTargets url={url} title={title} labelFor={(target) => t('publishing.wizard.shareOn', { target })} />
      <Button component={Link} to={`/viewer/${sceneId}`} size="md" style={{ alignSelf: 'center' }}>
        {t('publishing.wizard.view')}
      </Button>
    </Stack>
  );
}
