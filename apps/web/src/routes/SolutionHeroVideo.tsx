import { useReducedMotion } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/**
 * A short screen recording of the product (scripts/render-hero-video.ts): muted and looping, with
 * the first frame as poster. With reduced motion it does not autoplay, and the controls let a
 * visitor start it on purpose.
 */
export function SolutionHeroVideo({ className }: { className?: string }) {
  const { t } = useTranslation();
  // Read on the first render, not in an effect: a first render with autoPlay starts the video, and
  // turning autoplay off a moment later does not stop it.
  const reduced = useReducedMotion(false, { getInitialValueInEffect: false });
  return (
    <video
      className={className}
      src="/video/solution-hero.webm"
      poster="/video/solution-hero-poster.webp"
      width={960}
      height={540}
      muted
      loop
      playsInline
      autoPlay={!reduced}
      controls={reduced}
      preload="metadata"
      aria-label={t('solution.videoLabel')}
    />
  );
}
