import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconEdit, IconEye, IconEyeOff, IconTrash } from '@tabler/icons-react';
import type { SceneCard } from '@atrium/shared/publishing/schema';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSpaceActions } from './queries.ts';
import './i18n.ts';
import classes from './SpaceCard.module.css';

type Pending = { kind: 'hide' | 'unhide' | 'delete' | 'duplicate' } | null;

/**
 * A space card's owner actions (hide/unhide, edit, duplicate, delete, each confirmed). A chunk of its own,
 * loaded only for a card its viewer owns: its tooltips and dialog bring the positioning library and the
 * modal to a page that otherwise shows none (Explore signed out).
 */
export default function SpaceOwnerActions({ card }: { card: SceneCard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useSpaceActions();
  const [pending, setPending] = useState<Pending>(null);
  const published = card.state === 'Published';

  const confirm = async () => {
    if (!pending) return;
    if (pending.kind === 'delete') await actions.remove.mutateAsync(card.sceneId);
    if (pending.kind === 'hide' || pending.kind === 'unhide')
      await actions.setVisible.mutateAsync({ id: card.sceneId, visible: pending.kind === 'unhide' });
    if (pending.kind === 'duplicate') await actions.duplicate.mutateAsync(card.sceneId);
    setPending(null);
  };
  const confirmText = {
    hide: msg.publishing.hideConfirm,
    unhide: msg.publishing.unhideConfirm,
    delete: msg.publishing.deleteConfirm,
    duplicate: msg.publishing.duplicateConfirm,
  };

  return (
    <>
      <div className={classes.actions}>
        {published && (
          <Tooltip label={card.visible ? t('publishing.card.hide') : t('publishing.card.unhide')}>
            <ActionIcon
              variant="white"
              aria-label={card.visible ? t('publishing.card.hide') : t('publishing.card.unhide')}
              onClick={() => setPending({ kind: card.visible ? 'hide' : 'unhide' })}
            >
              {card.visible ? <IconEyeOff size={18} /> : <IconEye size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t('publishing.card.edit')}>
          <ActionIcon variant="white" aria-label={t('publishing.card.edit')} onClick={() => void navigate(`/editor/${card.sceneId}`)}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('publishing.card.duplicate')}>
          <ActionIcon variant="white" aria-label={t('publishing.card.duplicate')} onClick={() => setPending({ kind: 'duplicate' })}>
            <IconCopy size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('publishing.card.delete')}>
          <ActionIcon variant="white" color="red" aria-label={t('publishing.card.delete')} onClick={() => setPending({ kind: 'delete' })}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </div>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t('publishing.card.confirmTitle')} centered>
        <Text mb="md">{pending ? confirmText[pending.kind] : ''}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPending(null)}>
            {t('publishing.cancel')}
          </Button>
          <Button color={pending?.kind === 'delete' ? 'red' : undefined} onClick={() => void confirm()} loading={actions.remove.isPending || actions.setVisible.isPending || actions.duplicate.isPending}>
            {t('publishing.continue')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
