import { useEffect, useMemo, useState } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Article } from './queries.ts';
import classes from './Resources.module.css';

/** The heading currently in view: the last one whose top has passed the band under the sticky header. */
function useActiveHeading(ids: string[]): string | null {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  useEffect(() => {
    const els = ids.map((id) => document.getElementById(id)).filter((e): e is HTMLElement => !!e);
    if (els.length === 0) return;
    const io = new IntersectionObserver(
      () => {
        let current = els[0]!.id;
        for (const el of els) if (el.getBoundingClientRect().top <= 160) current = el.id;
        setActive(current);
      },
      // Fires as headings cross the upper part of the viewport, where the reader's eye is.
      { rootMargin: '-140px 0px -55% 0px', threshold: [0, 1] },
    );
    els.forEach((el) => io.observe(el));
    return () => io.disconnect();
  }, [ids]);
  return active;
}

export function TableOfContents({ headings }: { headings: Article['headings'] }) {
  const { t } = useTranslation();
  const key = headings.map((h) => h.id).join(' ');
  // The joined ids are the list's identity, so a refetch with the same headings does not re-observe.
  const ids = useMemo(() => (key ? key.split(' ') : []), [key]);
  const active = useActiveHeading(ids);
  if (headings.length === 0) return null;
  return (
    <nav className={classes.toc} aria-label={t('resources.contents')}>
      <Text fw={800} size="sm" tt="uppercase" c="dimmed" mb="xs">
        {t('resources.contents')}
      </Text>
      {headings.map((h) => (
        <a
          key={h.id}
          href={`#${h.id}`}
          className={classes.tocLink}
          data-level={h.level}
          data-active={active === h.id}
          aria-current={active === h.id ? 'location' : undefined}
          onClick={(e) => {
            e.preventDefault();
            document.getElementById(h.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            history.replaceState(null, '', `#${h.id}`);
          }}
        >
          {h.text}
        </a>
      ))}
    </nav>
  );
}

