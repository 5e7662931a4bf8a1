import { useState } from 'react';
import { Anchor, Badge, Group, Text, Title } from '@mantine/core';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ArticleCard as Card } from './queries.ts';
import { articlePath, formatDate } from './format.ts';
import placeholder from './placeholder.svg';
import classes from './Resources.module.css';

/** A thumbnail that falls back to the placeholder when missing or when it fails to load. */
/** Decorative: the card's title names the article, so the picture has an empty alt. */
export function Thumbnail({ src, className }: { src: string | null; className?: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      src={!src || broken ? placeholder : src}
      alt=""
      className={className}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}

export function ArticleCard({ article }: { article: Card }) {
  const { t } = useTranslation();
  const to = articlePath(article);
  return (
    <article className={`${classes.card} ${classes.cardLink}`}>
      <Thumbnail src={article.thumbnail} className={classes.thumb} />
      <div className={classes.cardBody}>
        <Group gap="xs">
          {article.category && (
            <Badge variant="light" radius="sm">
              {article.category.title}
            </Badge>
          )}
          {article.status === 'draft' && (
            <Badge color="orange" variant="light" radius="sm">
              {t('resources.draft')}
            </Badge>
          )}
        </Group>
        <Title order={3} size="h4">
          <Link to={to} className={classes.cardTitle}>
            {article.title}
          </Link>
        </Title>
        <Text c="dimmed" size="sm" lineClamp={3}>
          {article.description}
        </Text>
        <Group justify="space-between" mt="auto" pt="sm">
          <Text size="xs" c="dimmed">
            {article.publishedAt ? formatDate(article.publishedAt) : ''} · {msg.articles.readingTime(article.readingMinutes)}
          </Text>
          <Anchor component="span" fw={700} size="sm">
            {msg.articles.readMore}
          </Anchor>
        </Group>
      </div>
    </article>
  );
}
