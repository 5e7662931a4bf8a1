import { useState } from 'react';
import { ActionIcon, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The space's photo gallery in the info panel: one photo large, arrows that wrap, thumbnails to jump. */
export function InfoGallery({ photos }: { photos: string[] }) {
  const { t } = useTranslation();
  const [at, setAt] = useState(0);
  if (photos.length === 0) return null;
  const i = Math.min(at, photos.length - 1);
  const step = (d: number) => setAt((i + d + photos.length) % photos.length);
  return (
    <Stack gap={6} data-testid="info-gallery">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {t('viewer.info.gallery')}
      </Text>
      <div style={{ position: 'relative' }}>
        <img
          src={photos[i]}
          alt={t('viewer.info.galleryPhoto', { n: i + 1, total: photos.length })}
          style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 12, display: 'block' }}
        />
        {photos.length > 1 && (
          <Group justify="space-between" style={{ position: 'absolute', inset: 0, padding: 6 }}>
            <ActionIcon variant="white" radius="xl" aria-label={t('viewer.info.previousPhoto')} onClick={() => step(-1)}>
              ‹
            </ActionIcon>
            <ActionIcon variant="white" radius="xl" aria-label={t('viewer.info.nextPhoto')} onClick={() => step(1)}>
              ›
            </ActionIcon>
          </Group>
        )}
      </div>
      {photos.length > 1 && (
        <Group gap={4}>
          {photos.map((p, j) => (
            <UnstyledButton key={p} onClick={() => setAt(j)} aria-label={t('viewer.info.galleryPhoto', { n: j + 1, total: photos.length })} aria-current={j === i}>
              <img
                src={p}
                alt=""
                style={{ width: 44, height: 33, objectFit: 'cover', borderRadius: 6, display: 'block', outline: j === i ? '2px solid var(--mantine-color-atrium-6)' : 'none' }}
              />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}
