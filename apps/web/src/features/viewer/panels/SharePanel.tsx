import { useState } from 'react';
import { Button, Checkbox, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { IconArrowLeft, IconCode, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { msg } from '../../../i18n/msg.ts';
import { embedSnippet, viewerUrl, type EmbedFlags } from '@atrium/shared/share/links';
import { notify } from '../../../notify.ts';
import { ShareTargets } from '../../../components/ShareTargets.tsx';
import type { PanelProps } from './registry.ts';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Older or insecure contexts: fall back to a selected textarea and execCommand.
    const ta = document.createElement('textarea');
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    document.execCommand('copy');
    ta.remove();
  }
  notify.copied(msg.copiedToClipboard);
}

export function SharePanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const [embedding, setEmbedding] = useState(false);
  const [flags, setFlags] = useState<EmbedFlags>({ showSignIn: false, showCommunications: false });
  const origin = window.location.origin;
  const url = viewerUrl(origin, ctx.sceneId);
  const title = ctx.metadata.title;

  if (embedding) {
    const snippet = embedSnippet(origin, ctx.sceneId, flags, title);
    return (
      <Stack gap="md">
        <Checkbox
          label={t('viewer.share.showSignIn')}
          checked={flags.showSignIn}
          onChange={(e) => setFlags((f) => ({ ...f, showSignIn: e.currentTarget.checked }))}
        />
        <Checkbox
          label={t('viewer.share.showCommunications')}
          checked={flags.showCommunications}
          onChange={(e) => setFlags((f) => ({ ...f, showCommunications: e.currentTarget.checked }))}
        />
        <Textarea label={t('viewer.share.snippet')} value={snippet} readOnly autosize minRows={5} maxRows={6} styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }} />
        <Group justify="space-between">
          <Button variant="subtle" leftSection={<IconArrowLeft size={18} />} onClick={() => setEmbedding(false)}>
            {t('viewer.share.back')}
          </Button>
          <Button leftSection={<IconCopy size={18} />} onClick={() => void copy(snippet)}>
            {t('viewer.share.copySnippet')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput label={t('viewer.share.link')} value={url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
        <Button leftSection={<IconCopy size={18} />} onClick={() => void copy(url)}>
          {t('viewer.share.copy')}
        </Button>
      </Group>
      <ShareTargets url={url} title={title} labelFor={(target) => t('viewer.share.shareOn', { target })} />
      <Button variant="outline" leftSection={<IconCode size={18} />} onClick={() => setEmbedding(true)}>
        {t('viewer.share.embed')}
      </Button>
    </Stack>
  );
}
