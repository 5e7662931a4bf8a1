import { Group, Text } from '@mantine/core';
import { IconEye, IconHeart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { abbreviateCount } from '@atrium/shared/publishing/format';
import type { SceneCard } from '@atrium/shared/publishing/schema';
import classes from './MiniSpaceCard.module.css';

/** A small space card for the viewer's Explore sidebar: opens that space in the viewer. */
export function MiniSpaceCard({ card }: { card: SceneCard }) {
  const cover = card.coverPhotoUri ?? card.thumbnailUri;
  return (
    <Link to={`/viewer/${card.sceneId}`} className={classes.card} data-testid="mini-space-card" data-scene-id={card.sceneId}>
      <div className={classes.thumb}>{cover && <img src={cover} alt="" loading="lazy" />}</div>
      <div className={classes.text}>
        <div className={classes.title}>{card.title}</div>
        <Text size="xs" c="dimmed" truncate>
          {card.creator?.name}
        </Text>
        <Group gap={10} mt={2}>
          <Group gap={3} aria-label={`${card.likes} likes`}>
            <IconHeart size={13} />
            <Text size="xs">{abbreviateCount(card.likes)}</Text>
          </Group>
          <Group gap={3} aria-label={`${card.views} views`}>
            <IconEye size={13} />
            <Text size="xs">{abbreviateCount(card.views)}</Text>
          </Group>
        </Group>
      </div>
    </Link>
  );
}
