import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { TIMINGS } from '@atrium/shared/constants';
import classes from './Carousel.module.css';

export interface CarouselProps {
  label: string;
  slides: ReactNode[];
  intervalMs?: number;
  prevLabel: string;
  nextLabel: string;
  goToLabel: (n: number) => string;
}

/** Small auto-advancing carousel: pauses while hovered or focused, arrow keys move, dots jump. */
export function Carousel({ label, slides, intervalMs = TIMINGS.carouselIntervalMs, prevLabel, nextLabel, goToLabel }: CarouselProps) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;
  const go = (i: number) => setIndex(((i % count) + count) % count);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [paused, count, intervalMs]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(index + 1);
    else if (e.key === 'ArrowLeft') go(index - 1);
    else return;
    e.preventDefault();
  };

  return (
    <section
      className={classes.root}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={onKeyDown}
      data-paused={paused || undefined}
    >
      <div className={classes.viewport} tabIndex={0} aria-live={paused ? 'polite' : 'off'}>
        <div className={classes.track} style={{ transform: `translateX(-${index * 100}%)` }}>
          {slides.map((slide, i) => (
            <div
              key={i}
              className={classes.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${count}`}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className={classes.controls}>
        <ActionIcon variant="default" size="lg" radius="xl" onClick={() => go(index - 1)} aria-label={prevLabel}>
          <IconChevronLeft size={18} aria-hidden="true" />
        </ActionIcon>
        <div className={classes.dots}>
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className={classes.dot}
              aria-label={goToLabel(i + 1)}
              aria-current={i === index}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <ActionIcon variant="default" size="lg" radius="xl" onClick={() => go(index + 1)} aria-label={nextLabel}>
          <IconChevronRight size={18} aria-hidden="true" />
        </ActionIcon>
      </div>
    </section>
  );
}
