import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveTotal, useSceneLive } from './liveCounts.ts';
import './liveText.ts';
import classes from './LiveOnCard.module.css';

const LiveVisitors = lazy(() => import('./LiveVisitors.tsx'));

/** Spec §2 Space card: who is in the space now, the first two avatars then '+N'; nothing when empty. */
export function LiveOnCard({ sceneId }: { sceneId: string }) {
  const { t } = useTranslation();
  const live = useSceneLive(sceneId);
  if (!live || live.count === 0) return null;
  return (
    <Suspense fallback={null}>
      <LiveVisitors live={live} label={t('realtime.live.onCard', { count: live.count })} />
    </Suspense>
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
