import { useState } from 'react';
import { Button, ColorInput, Group, Modal, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BUILT_IN_AVATARS, type AvatarAppearance } from '@atrium/shared/realtime/avatar';
import { api, call } from '../../api/client.ts';
import { userKeys } from '../../api/keys.ts';
import { notify } from '../../notify.ts';
import { VrmChoice } from './VrmChoice.tsx';
import { PORTRAIT, useAvatarPortraits } from './useAvatarPortraits.ts';
import './i18n.ts';
import './mantine-realtime.ts';

const KEY = userKeys.myAvatar;
const SWATCHES = ['#3DABFF', '#FF6B6B', '#34C759', '#FFB020', '#AF52DE', '#14B8A6', '#F472B6', '#64748B', '#2E3A59', '#FFFFFF'];
const SKINS = ['#FFDBAC', '#F1C27D', '#E0AC69', '#C68863', '#A0522D', '#8D5524'];

/** The model's picture in the chosen colours (drawn by the engine), or a placeholder while it draws. */
function Figure({ url, label }: { url: string | undefined; label: string }) {
  if (!url) return <Skeleton width={PORTRAIT.width} height={PORTRAIT.height} radius="md" mx="auto" animate />;
  return <img src={url} alt="" width={PORTRAIT.width} height={PORTRAIT.height} style={{ display: 'block', margin: '0 auto' }} data-portrait={label} />;
}

function Chooser({ initial, onClose }: { initial: AvatarAppearance; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [a, setA] = useState(initial);
  const portraits = useAvatarPortraits(a);
  const save = useMutation({
    mutationFn: (body: AvatarAppearance) => call(api.PUT('/api/user/my/avatar', { body })),
    onSuccess: (data) => {
      qc.setQueryData(KEY, data);
      notify.success(t('realtime.avatar.saved'));
      onClose();
    },
  });
  return (
    <Stack>
      <Text size="sm" fw={600}>
        {t('realtime.avatar.model')}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        {BUILT_IN_AVATARS.map((m) => (
          <UnstyledButton
            key={m.id}
            onClick={() => setA({ ...a, model: m.id })}
            aria-pressed={a.model === m.id}
            data-avatar-model={m.id}
            style={{
              border: `2px solid ${a.model === m.id ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
              borderRadius: 16,
              padding: 6,
              textAlign: 'center',
              background: a.model === m.id ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-gray-0)',
            }}
          >
            <Figure url={portraits?.[m.id]} label={m.id} />
            <Text size="sm" fw={a.model === m.id ? 700 : 500}>
              {m.label}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <VrmChoice value={a.vrm} onChange={(vrm) => setA(vrm ? { ...a, vrm } : { model: a.model, body: a.body, skin: a.skin, clothes: a.clothes })} />
      <ColorInput label={t('realtime.avatar.body')} value={a.body} onChange={(body) => setA({ ...a, body })} swatches={SWATCHES} format="hex" />
      <ColorInput label={t('realtime.avatar.skin')} value={a.skin} onChange={(skin) => setA({ ...a, skin })} swatches={SKINS} format="hex" />
      <ColorInput label={t('realtime.avatar.clothes')} value={a.clothes} onChange={(clothes) => setA({ ...a, clothes })} swatches={SWATCHES} format="hex" />
      {/* Kept in view at the foot of the dialog: the chooser is taller than many screens. */}
      <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ zIndex: 1 }}>
        <Button loading={save.isPending} onClick={() => save.mutate({ ...a, body: a.body.toUpperCase(), skin: a.skin.toUpperCase(), clothes: a.clothes.toUpperCase() })}>
          {t('realtime.avatar.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Spec profile menu 'Edit avatar': a built-in avatar and its colours, or an uploaded VRM, stored on the user. */
export function EditAvatarButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = useQuery({ queryKey: KEY, queryFn: () => call(api.GET('/api/user/my/avatar')), enabled: open });
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        {t('realtime.avatar.edit')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('realtime.avatar.edit')} size="lg">
        {current.data && <Chooser initial={current.data} onClose={() => setOpen(false)} />}
      </Modal>
    </>
  );
}
