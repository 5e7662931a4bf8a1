import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { formatDate } from '../../i18n/format.ts';
import { msg } from '../../i18n/msg.ts';
import { notify } from '../../notify.ts';
import { useMySlots, useSpaceActions } from './queries.ts';
import './i18n.ts';

/**
 * For a published space in the editor's Publish & Share step: move it into another free slot, or
 * unpublish it (back to a draft; its slot frees up). Both were API-only before.
 */
export function PublishedActions({ sceneId, onUnpublished }: { sceneId: string; onUnpublished: () => void }) {
  const { t } = useTranslation();
  const slots = useMySlots(true);
  const actions = useSpaceActions();
  const [target, setTarget] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const current = slots.data?.find((s) => s.sceneId === sceneId) ?? null;
  const free = (slots.data ?? []).filter((s) => !s.expired && !s.active && s.sceneId !== sceneId);
  const label = (kind: string, expiresAt: string | null) =>
    `${t(kind === 'trial' ? 'publishing.wizard.slotTrial' : kind === 'plan' ? 'publishing.wizard.slotPlan' : 'publishing.wizard.slotPurchased')}${
      expiresAt ? ` · ${msg.publishing.expiringOn(formatDate(expiresAt))}` : ''
    }`;

  return (
    <Stack gap="xs" data-testid="published-actions">
      {current && (
        <Text size="sm" c="dimmed">
          {t('publishing.manage.inSlot', { slot: label(current.kind, current.expiresAt) })}
        </Text>
      )}
      <Select
        label={t('publishing.manage.moveTo')}
        placeholder={free.length ? t('publishing.manage.pickSlot') : t('publishing.manage.noOtherSlot')}
        disabled={free.length === 0}
        data={free.map((s) => ({ value: s.slotId, label: label(s.kind, s.expiresAt) }))}
        value={target}
        onChange={setTarget}
        comboboxProps={{ withinPortal: true }}
      />
      <Button
        variant="default"
        disabled={!target}
        loading={actions.move.isPending}
        onClick={() =>
          target &&
          actions.move.mutate(
            { id: sceneId, slotId: target },
            {
              onSuccess: () => {
                setTarget(null);
                notify.success(t('publishing.manage.moved'));
                void slots.refetch();
              },
              onError: (e) => notify.error(e instanceof ApiError ? e.message : msg.somethingWentWrong),
            },
          )
        }
      >
        {t('publishing.manage.move')}
      </Button>
      <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
        {t('publishing.manage.unpublish')}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('publishing.manage.unpublish')} centered>
        <Text mb="lg">{t('publishing.manage.unpublishConfirm')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('publishing.manage.cancel')}
          </Button>
          <Button
            color="red"
            loading={actions.unpublish.isPending}
            onClick={() =>
              actions.unpublish.mutate(sceneId, {
                onSuccess: () => {
                  setConfirming(false);
                  notify.success(t('publishing.manage.unpublished'));
                  void slots.refetch();
                  onUnpublished();
                },
                onError: (e) => notify.error(e instanceof ApiError ? e.message : msg.somethingWentWrong),
              })
            }
          >
            {t('publishing.manage.unpublish')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
