import { useState } from 'react';
import { ActionIcon, Box, Button, FileButton, Group, Loader, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UPLOAD_EXTENSIONS, UPLOAD_LIMITS, formatBytes } from '@atrium/shared/assets/kinds';
import type { Asset } from '@atrium/shared/assets/schema';
import type { AvatarVrm } from '@atrium/shared/realtime/avatar';
import { api, call, formData } from '../../api/client.ts';
import { assetKeys } from '../../api/keys.ts';
import { asAsset } from '../assets/queries.ts';
import { ApiError } from '../../api/ApiError.ts';
import { notify } from '../../notify.ts';

const KEY = assetKeys.myAvatars;

const tile = (on: boolean) => ({
  border: `2px solid ${on ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
  borderRadius: 16,
  padding: 6,
  textAlign: 'center' as const,
});

/**
 * The VRM part of the avatar chooser: none (a built-in avatar), one of the user's uploaded VRM
 * avatars, or a fresh upload through the asset pipeline (POST /api/avatar), chosen at once.
 */
export function VrmChoice({ value, onChange }: { value: AvatarVrm | undefined; onChange: (v: AvatarVrm | undefined) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // An inline confirmation rather than a Popover: inside the chooser's modal, Mantine's Popover
  // dropped its dropdown while open, taking the confirm button with it.
  const [confirming, setConfirming] = useState<Asset | null>(null);
  const mine = useQuery({ queryKey: KEY, queryFn: () => call(api.GET('/api/avatar', { params: { query: { ipp: 48 } } })).then((l) => l.map(asAsset)) });
  const upload = useMutation({
    mutationFn: (file: File) =>
      call(api.POST('/api/avatar', { body: { file: [file] }, bodySerializer: formData })).then(asAsset),
    onSuccess: (a) => {
      qc.setQueryData<Asset[]>(KEY, (list) => [a, ...(list ?? [])]);
      if (a.modelUrl) onChange({ assetId: a.id, url: a.modelUrl });
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : t('realtime.avatar.vrmFailed')),
  });
  const remove = useMutation({
    mutationFn: (a: Asset) => call(api.DELETE('/api/avatar/{id}', { params: { path: { id: a.id } } })),
    onSuccess: (_v, a) => {
      setConfirming(null);
      qc.setQueryData<Asset[]>(KEY, (list) => (list ?? []).filter((x) => x.id !== a.id));
      if (value?.assetId === a.id) onChange(undefined);
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : t('realtime.avatar.vrmFailed')),
  });
  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > UPLOAD_LIMITS.avatar) return notify.error(t('realtime.avatar.vrmTooLarge', { limit: formatBytes(UPLOAD_LIMITS.avatar) }));
    upload.mutate(file);
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t('realtime.avatar.vrm')}
        </Text>
        <FileButton onChange={pick} accept={UPLOAD_EXTENSIONS.avatar.join(',')}>
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={upload.isPending}>
              {t('realtime.avatar.uploadVrm')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('realtime.avatar.vrmHint', { limit: formatBytes(UPLOAD_LIMITS.avatar) })}
      </Text>
      {mine.isPending ? (
        <Loader size="sm" />
      ) : (
        <SimpleGrid cols={4} spacing="xs">
          <UnstyledButton onClick={() => onChange(undefined)} aria-pressed={!value} data-vrm-asset="none" style={tile(!value)}>
            <Text size="xs" py="md">
              {t('realtime.avatar.noVrm')}
            </Text>
          </UnstyledButton>
          {(mine.data ?? []).map((a) => (
            <Box key={a.id} pos="relative">
              <UnstyledButton
                onClick={() => a.modelUrl && onChange({ assetId: a.id, url: a.modelUrl })}
                aria-pressed={value?.assetId === a.id}
                data-vrm-asset={a.id}
                style={{ ...tile(value?.assetId === a.id), width: '100%' }}
              >
                {a.thumbnailUrl ? <img src={a.thumbnailUrl} alt="" width={72} height={72} style={{ objectFit: 'contain' }} /> : null}
                <Text size="xs" lineClamp={1}>
                  {a.title || 'VRM'}
                </Text>
              </UnstyledButton>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                pos="absolute"
                top={4}
                right={4}
                aria-label={t('realtime.avatar.deleteVrm')}
                aria-expanded={confirming?.id === a.id}
                onClick={() => setConfirming(a)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Box>
          ))}
        </SimpleGrid>
      )}
      {confirming ? (
        <Paper withBorder p="xs" radius="md" role="alertdialog" aria-label={t('realtime.avatar.deleteVrm')}>
          <Text size="xs" mb="xs">
            {t('realtime.avatar.deleteVrmConfirm')}
          </Text>
          <Group gap="xs">
            <Button size="xs" color="red" loading={remove.isPending} onClick={() => remove.mutate(confirming)}>
              {t('realtime.avatar.deleteVrm')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirming(null)} disabled={remove.isPending}>
              {t('realtime.avatar.keepVrm')}
            </Button>
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}
