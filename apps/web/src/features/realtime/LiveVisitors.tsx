import { Avatar, Tooltip } from '@mantine/core';
import { LIVE_CARD_VISITORS } from '@atrium/shared/realtime/hubs';
import type { SceneLiveCount } from '@atrium/shared/realtime/protocol';
import classes from './LiveOnCard.module.css';

/**
 * Who is in a space now on its card: the first avatars then '+N', the count in a tooltip. A chunk of its
 * own (LiveOnCard.tsx loads it once a card has visitors): the tooltip brings the positioning library,
 * which a page of cards nobody is in never needs.
 */
export default function LiveVisitors({ live, label }: { live: SceneLiveCount; label: string }) {
  const shown = live.visitors.slice(0, LIVE_CARD_VISITORS);
  const more = live.count - shown.length;
  return (
    <Tooltip label={label}>
      <div className={classes.liveOnCard} aria-label={label} role="img" data-testid="live-on-card" data-count={live.count}>
        <span className={classes.liveDot} aria-hidden />
        <Avatar.Group spacing={8}>
          {shown.map((v) => (
            <Avatar key={v.userId} src={v.profilePicture} name={v.name} alt={v.name} color="atrium" size={26} radius="xl" />
          ))}
          {more > 0 && (
            <Avatar size={26} radius="xl" color="dark" variant="filled">
              +{more}
            </Avatar>
          )}
        </Avatar.Group>
      </div>
    </Tooltip>
  );
}
