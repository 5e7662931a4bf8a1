import { useState } from 'react';
import { Button, ColorInput, Group, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BUILT_IN_AVATARS, type AvatarAppearance } from '@atrium/shared/realtime/avatar';
import { api, call } from '../../api/client.ts';
import { userKeys } from '../../api/keys.ts';
import { notify } from '../../notify.ts';
import { VrmChoice } from './VrmChoice.tsx';
import './i18n.ts';
import './mantine-realtime.ts';

const KEY = userKeys.myAvatar;
const SWATCHES = ['#3DABFF', '#FF6B6B', '#34C759', '#FFB020', '#AF52DE', '#14B8A6', '#F472B6', '#64748B', '#2E3A59', '#FFFFFF'];
const SKINS = ['#FFDBAC', '#F1C27D', '#E0AC69', '#C68863', '#A0522D', '#8D5524'];

/** A flat front view of the chosen model in its colours (the 3D avatar is built from the same choice). */
function Figure({ a, build }: { a: AvatarAppearance; build: string }) {
  const w = build === 'broad' ? 34 : build === 'slim' ? 24 : 28;
  const h = build === 'tall' ? 62 : build === 'short' ? 46 : 54;
  return (
    <svg viewBox="0 0 60 100" width={60} height={100} aria-hidden>
      <circle cx={30} cy={100 - h - 24} r={10} fill={a.skin} />
      <rect x={30 - w / 2} y={100 - h - 12} width={w} height={h * 0.45} rx={6} fill={a.body} />
      <rect x={30 - w / 2 - 7} y={100 - h - 10} width={6} height={h * 0.42} rx={3} fill={a.skin} />
      <rect x={30 + w / 2 + 1} y={100 - h - 10} width={6} height={h * 0.42} rx={3} fill={a.skin} />
      <rect x={30 - w / 2 + 2} y={100 - h * 0.55} width={w / 2 - 3} height={h * 0.55} rx={4} fill={a.clothes} />
      <rect x={31} y={100 - h * 0.55} width={w / 2 - 3} height={h * 0.55} rx={4} fill={a.clothes} />
    </svg>
  );
}

function Chooser({ initial, onClose }: { initial: AvatarAppearance; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [a, setA] = useState(initial);
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
      <SimpleGrid cols={4} spacing="xs">
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
            }}
          >
            <Figure a={a} build={m.build} />
            <Text size="xs">{m.label}</Text>
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
