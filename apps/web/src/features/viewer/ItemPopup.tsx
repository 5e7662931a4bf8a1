import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InfoPoint, Picture, Video } from '@atrium/shared';
import { safeExternalUrl, youtubeEmbedUrl } from './links.ts';

export type Popup =
  | { kind: 'picture'; item: Picture }
  | { kind: 'info'; item: InfoPoint }
  | { kind: 'video'; item: Video }
  | { kind: 'text'; title: string; description: string };

function VideoBody({ item }: { item: Video }) {
  const yt = item.provider === 'Youtube' ? youtubeEmbedUrl(item.youtubeUrl) : null;
  if (yt) {
    return (
      <iframe
        src={yt}
        title={item.title || 'Video'}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        style={{ width: '100%', aspectRatio: '16 / 9', border: 0, borderRadius: 16 }}
      />
    );
  }
  return <video src={item.videoUri} controls autoPlay loop={item.loop} playsInline style={{ width: '100%', borderRadius: 16, background: '#000' }} />;
}

export function ItemPopup({ popup, onClose, onOpenLink }: { popup: Popup | null; onClose(): void; onOpenLink(url: string): void }) {
  const { t } = useTranslation();
  const title = popup ? ('item' in popup ? popup.item.title : popup.title) : '';
  const description = popup ? ('item' in popup ? popup.item.description : popup.description) : '';
  const image = popup?.kind === 'picture' ? popup.item.imageUri : popup?.kind === 'info' ? popup.item.imageUri : undefined;
  const link = popup && 'item' in popup && 'link' in popup.item ? safeExternalUrl(popup.item.link) : null;
  return (
    <Modal opened={!!popup} onClose={onClose} title={title || undefined} size={popup?.kind === 'video' || image ? 'xl' : 'md'} centered radius="xl" zIndex={10000001}>
      {popup && (
        <Stack gap="md">
          {popup.kind === 'video' && <VideoBody item={popup.item} />}
          {image && <Image src={image} alt={title} radius="lg" fit="contain" mah="60vh" />}
          {description && <Text style={{ whiteSpace: 'pre-line' }}>{description}</Text>}
          {link && (
            <Group justify="flex-end">
              <Button variant="light" rightSection={<IconExternalLink size={16} />} onClick={() => onOpenLink(link)}>
                {t('viewer.visitLink')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

export function LinkConfirm({ url, onClose }: { url: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const open = () => {
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
    onClose();
  };
  return (
    <Modal opened={!!url} onClose={onClose} title={t('viewer.openLink')} centered radius="xl" zIndex={10000001}>
      <Stack gap="md">
        <Text size="sm">{t('viewer.openLinkText')}</Text>
        <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
          {url}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('viewer.cancel')}
          </Button>
          <Button onClick={open} rightSection={<IconExternalLink size={16} />} data-autofocus>
            {t('viewer.open')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
