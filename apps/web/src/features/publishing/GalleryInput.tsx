import { useState } from 'react';
import { ActionIcon, Button, FileButton, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { PUBLISH_LIMITS } from '@atrium/shared/constants';
import { useTranslation } from 'react-i18next';
import { addToGallery, moveItem, type GalleryItem } from './gallery.ts';

/** The publish form's photo gallery (spec §3 photoGallery / photoGalleryFiles): add, reorder, remove. */
export function GalleryInput({ value, onChange }: { value: GalleryItem[]; onChange: (items: GalleryItem[]) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const src = (it: GalleryItem) => (it.kind === 'kept' ? it.uri : it.preview);
  return (
    <Stack gap="xs" data-testid="gallery-input">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('publishing.wizard.gallery')} ({value.length}/{PUBLISH_LIMITS.galleryMax})
        </Text>
        <FileButton
          multiple
          accept="image/jpeg,image/png,image/webp"
          onChange={(files) => {
            const r = addToGallery(value, files, (f) => URL.createObjectURL(f));
            setError(r.error);
            onChange(r.items);
          }}
        >
          {(props) => (
            <Button variant="default" size="xs" {...props} disabled={value.length >= PUBLISH_LIMITS.galleryMax}>
              {t('publishing.wizard.addPhotos')}
            </Button>
          )}
        </FileButton>
      </Group>
      {value.length > 0 && (
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
          {value.map((it, i) => (
            <Paper key={src(it)} withBorder radius="md" p={4} data-testid="gallery-item">
              <Image src={src(it)} w="100%" h={64} radius="sm" fit="cover" alt={t('publishing.wizard.galleryPhoto', { n: i + 1 })} />
              <Group gap={2} justify="center" mt={4} wrap="nowrap">
                <ActionIcon size="sm" variant="subtle" aria-label={t('publishing.wizard.moveEarlier')} disabled={i === 0} onClick={() => onChange(moveItem(value, i, i - 1))}>
                  ←
                </ActionIcon>
                <ActionIcon size="sm" variant="subtle" aria-label={t('publishing.wizard.moveLater')} disabled={i === value.length - 1} onClick={() => onChange(moveItem(value, i, i + 1))}>
                  →
                </ActionIcon>
                <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('publishing.wizard.removePhoto')} onClick={() => onChange(value.filter((_, j) => j !== i))}>
                  ×
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
