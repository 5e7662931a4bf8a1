import { Avatar, Tooltip } from '@mantine/core';
import { LIVE_CARD_VISITORS } from '@atrium/shared/realtime/hubs';
import { useTranslation } from 'react-i18next';
import { useLiveTotal, useSceneLive } from './liveCounts.ts';
import './liveText.ts';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Tooltip.css';
import classes from './LiveOnCard.module.css';

/** Spec §2 Space card: who is in the space now, the first two avatars then '+N'; nothing when empty. */
export function LiveOnCard({ sceneId }: { sceneId: string }) {
  const { t } = useTranslation();
  const live = useSceneLive(sceneId);
  if (!live || live.count === 0) return null;
  const shown = live.visitors.slice(0, LIVE_CARD_VISITORS);
  const more = live.count - shown.length;
  const label = t('realtime.live.onCard', { count: live.count });
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

/** Explore: how many people are in spaces right now. */
export function LiveTotal() {
  const { t } = useTranslation();
  const total = useLiveTotal();
  if (total === null) return null;
  return (
    <span className={classes.liveTotal} data-testid="live-total" data-count={total}>
      <span className={classes.liveDot} aria-hidden data-idle={total === 0 || undefined} />
      {t('realtime.live.total', { count: total })}
    </span>
  );
}
