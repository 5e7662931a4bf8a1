import { useState } from 'react';
import { ActionIcon, Avatar, Badge, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconEdit, IconEye, IconEyeOff, IconHeart, IconMessageCircle, IconTrash } from '@tabler/icons-react';
import type { SceneCard } from '@atrium/shared';
import { abbreviateCount } from '@atrium/shared/publishing/format';
import { formatDate, relativeTime } from '../../i18n/format.ts';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LiveOnCard } from '../realtime/LiveOnCard.tsx';
import { useSpaceActions } from './queries.ts';
import './i18n.ts';
import classes from './SpaceCard.module.css';

type Pending = { kind: 'hide' | 'unhide' | 'delete' | 'duplicate' } | null;

/** Spec §2 Space card: cover, creator, clamped title, time since update, counts, Visit Space, owner actions. */
export function SpaceCard({ card, isOwner }: { card: SceneCard; isOwner: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useSpaceActions();
  const [pending, setPending] = useState<Pending>(null);
  const published = card.state === 'Published';
  const cover = card.coverPhotoUri ?? card.thumbnailUri;
  const expiring = card.expiresAt ? msg.publishing.expiringOn(formatDate(card.expiresAt)) : null;

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
    <article className={classes.card} data-testid="space-card" data-scene-id={card.sceneId}>
      <div className={classes.cover}>
        {cover && <img src={cover} alt="" loading="lazy" />}
        {published && <LiveOnCard sceneId={card.sceneId} />}
        <div className={classes.badge}>
          {expiring && published && (
            <Badge color="orange" variant="filled">
              {expiring}
            </Badge>
          )}
          {!card.visible && (
            <Badge color="gray" variant="filled" ml={4}>
              {t('publishing.card.hidden')}
            </Badge>
          )}
          {!published && (
            <Badge color="orange" variant="light" ml={4}>
              {t('publishing.card.draft')}
            </Badge>
          )}
        </div>
        {isOwner && (
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
        )}
      </div>
      <div className={classes.body}>
        {card.creator && (
          <Link to={`/user/${card.creator.userId}`} className={classes.creator}>
            <Avatar src={card.creator.profilePicture} size={24} radius="xl" alt="" />
            <Text size="sm" truncate>
              {card.creator.name || t('publishing.card.unknownCreator')}
            </Text>
          </Link>
        )}
        <div className={classes.title} title={card.title}>
          {card.title}
        </div>
        <div className={classes.meta}>
          <span>{relativeTime(card.updatedAt)}</span>
          <span className={classes.counts}>
            <span aria-label={t('publishing.card.likes', { count: card.likes })}>
              <IconHeart size={16} /> {abbreviateCount(card.likes)}
            </span>
            <span aria-label={t('publishing.card.views', { count: card.views })}>
              <IconEye size={16} /> {abbreviateCount(card.views)}
            </span>
            <span aria-label={t('publishing.card.comments', { count: card.comments })}>
              <IconMessageCircle size={16} /> {abbreviateCount(card.comments)}
            </span>
          </span>
        </div>
        <Button
          component={Link}
          to={published ? `/viewer/${card.sceneId}` : `/viewer/${card.sceneId}?draft=true`}
          variant="light"
          mt="auto"
        >
          {t('publishing.card.visit')}
        </Button>
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
    </article>
  );
}
