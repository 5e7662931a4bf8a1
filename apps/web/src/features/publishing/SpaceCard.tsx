import { lazy, Suspense } from 'react';
import { Avatar, Badge, Button, Text } from '@mantine/core';
import { IconEye, IconHeart, IconMessageCircle } from '@tabler/icons-react';
import type { SceneCard } from '@atrium/shared';
import { abbreviateCount } from '@atrium/shared/publishing/format';
import { formatDate, relativeTime } from '../../i18n/format.ts';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LiveOnCard } from '../realtime/LiveOnCard.tsx';
import './i18n.ts';
import classes from './SpaceCard.module.css';

// The owner's actions load only where the viewer owns a card (SpaceOwnerActions.tsx says why).
const SpaceOwnerActions = lazy(() => import('./SpaceOwnerActions.tsx'));

/** Spec §2 Space card: cover, creator, clamped title, time since update, counts, Visit Space, owner actions. */
export function SpaceCard({ card, isOwner }: { card: SceneCard; isOwner: boolean }) {
  const { t } = useTranslation();
  const published = card.state === 'Published';
  const cover = card.coverPhotoUri ?? card.thumbnailUri;
  const expiring = card.expiresAt ? msg.publishing.expiringOn(formatDate(card.expiresAt)) : null;

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
          <Suspense fallback={null}>
            <SpaceOwnerActions card={card} />
          </Suspense>
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
    </article>
  );
}
