import { useEffect, type MouseEvent } from 'react';
import { PRODUCT_NAME } from '@atrium/shared/constants';
import { Anchor, Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { msg } from '../../i18n/msg.ts';
import { setPageTitle } from '../../seo/pageTitle.ts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Article } from './queries.ts';
import { formatDate, splitByHeadings, wasUpdated } from './format.ts';
import { TableOfContents } from './TableOfContents.tsx';
import classes from './Resources.module.css';

function Byline({ article, light }: { article: Article; light?: boolean }) {
  const name = article.author?.name ?? msg.articles.unknownAuthor;
  const date = article.publishedAt ?? article.createdAt;
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={article.author?.picture ?? null} alt="" radius="xl" color="atrium">
        {name.charAt(0)}
      </Avatar>
      <div>
        <Text fw={700} c={light ? 'white' : undefined}>
          {name}
        </Text>
        <Text size="sm" c={light ? 'gray.3' : 'dimmed'}>
          <time dateTime={date}>{formatDate(date)}</time> · {msg.articles.readingTime(article.readingMinutes)}
        </Text>
      </div>
    </Group>
  );
}

/** The Articles template of spec §2: header (banner or plain), sections split at headings, sticky contents, footer. */
export function ArticleView({ article }: { article: Article }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sections = splitByHeadings(article.bodyHtml);
  // The route's own data is applied on navigation; once the article is here, its title and summary replace it.
  useEffect(() => {
    setPageTitle(`${article.title} | ${PRODUCT_NAME}`, article.description || article.title);
  }, [article.title, article.description]);

  // Same-site links in the body stay inside the single-page app.
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href?.startsWith('/') || href.startsWith('//') || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    void navigate(href);
  };

  const header = (
    <Stack gap="md">
      {article.category && (
        <Badge variant={article.banner ? 'white' : 'light'} radius="sm" w="fit-content">
          {article.category.title}
        </Badge>
      )}
      <Title order={1} className={classes.headTitle}>
        {article.title}
      </Title>
      {article.description && (
        <Text size="lg" c={article.banner ? 'gray.2' : 'dimmed'} maw={760}>
          {article.description}
        </Text>
      )}
      <Byline article={article} light={!!article.banner} />
    </Stack>
  );

  return (
    <article>
      {article.banner ? (
        <header className={classes.banner} style={{ backgroundImage: `url(${JSON.stringify(article.banner)})` }}>
          {header}
        </header>
      ) : (
        <header className={classes.plainHeader}>{header}</header>
      )}
      <div className={classes.articleGrid}>
        <div>
          {/* Delegates clicks on the links inside; pressing Enter on a link is a click too. */}
          <div className={classes.body} onClick={onClick}>
            {sections.map((html, i) => (
              // The server rendered and sanitised this HTML (modules/cms/render.ts); nothing else reaches here.
              <section key={i} dangerouslySetInnerHTML={{ __html: html }} />
            ))}
          </div>
          <footer className={classes.footer}>
            <Stack gap="sm">
              <Byline article={article} />
              <Group gap="xs" aria-label={t('resources.tags')}>
                {article.tags.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {msg.articles.noTags}
                  </Text>
                ) : (
                  article.tags.map((tag) => (
                    <Badge key={tag} variant="outline" radius="sm">
                      {tag}
                    </Badge>
                  ))
                )}
              </Group>
              {wasUpdated(article.publishedAt, article.updatedAt) && (
                <Text size="sm" c="dimmed">
                  {msg.articles.updatedOn(formatDate(article.updatedAt))}
                </Text>
              )}
            </Stack>
          </footer>
        </div>
        <TableOfContents headings={article.headings} />
      </div>
    </article>
  );
}

export function BackLink({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={to} fw={700} mb="md" display="inline-block">
      ← {t('resources.backTo', { section: label })}
    </Anchor>
  );
}
