import { lazy, Suspense, useDeferredValue, useState, type ComponentProps } from 'react';
import { Accordion, Alert, Button, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { ArticleCard } from './ArticleCard.tsx';
import { ArticleView, BackLink } from './ArticleView.tsx';
import { useArticle, useArticles, useCategories, useFaqs, useGlossary, useIsStaff, useVideoTutorials } from './queries.ts';
import { KIND_PATH } from './format.ts';
import classes from './Resources.module.css';

// The staff editing dialog (a modal, text areas) loads only for staff, who alone see its buttons.
const StaffContentDialog = lazy(() => import('./StaffContent.tsx').then((m) => ({ default: m.StaffContentButton })));
function StaffContentButton(props: ComponentProps<typeof StaffContentDialog>) {
  return (
    <Suspense fallback={null}>
      <StaffContentDialog {...props} />
    </Suspense>
  );
}

type ListKind = 'guide' | 'blog';

function PageHead({ title, intro }: { title: string; intro?: string }) {
  return (
    <header className={classes.head}>
      <Title order={1} className={classes.headTitle}>
        {title}
      </Title>
      {intro && (
        <Text size="lg" c="dimmed" mt="sm" maw={720}>
          {intro}
        </Text>
      )}
    </header>
  );
}

function SearchBox({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <TextInput
      type="search"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      placeholder={label}
      aria-label={label}
      leftSection={<IconSearch size={18} aria-hidden="true" />}
      radius="xl"
      size="md"
      maw={420}
      mb="lg"
    />
  );
}

const Loading = () => {
  const { t } = useTranslation();
  return (
    <Group justify="center" py="xl">
      <Loader aria-label={t('resources.loading')} />
    </Group>
  );
};

function Empty({ text }: { text: string }) {
  return (
    <Text c="dimmed" py="xl" size="lg">
      {text}
    </Text>
  );
}

/** /resources/guides and /resources/blog: cards with a search box and, where categories are used, a filter. */
export function ArticleListPage({ kind }: { kind: ListKind }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('');
  const query = useDeferredValue(q.trim());
  const list = useArticles({ kind, ...(query ? { q: query } : {}), ...(category ? { category } : {}) });
  const all = useArticles({ kind });
  const categories = useCategories();
  const used = new Set((all.data ?? []).map((a) => a.category?.slug).filter(Boolean));
  const options = (categories.data ?? []).filter((c) => used.has(c.slug));
  const section = kind === 'guide' ? 'guides' : 'blog';
  return (
    <>
      <PageHead title={t(`resources.sections.${section}`)} intro={t(`resources.intro.${section}`)} />
      <SearchBox value={q} onChange={setQ} label={t(kind === 'guide' ? 'resources.searchGuides' : 'resources.searchBlog')} />
      {options.length > 1 && (
        <SegmentedControl
          mb="lg"
          radius="xl"
          value={category}
          onChange={setCategory}
          data={[{ value: '', label: t('resources.allCategories') }, ...options.map((c) => ({ value: c.slug, label: c.title }))]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert color="red">{msg.somethingWentWrong}</Alert>
      ) : list.data.length === 0 ? (
        <Empty text={query ? t('resources.noResults', { q: query }) : t('resources.noArticles')} />
      ) : (
        <div className={classes.grid}>
          {list.data.map((a) => (
            <ArticleCard key={a.id} article={a} />
          ))}
        </div>
      )}
    </>
  );
}

export function ArticleNotFound() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" py="xl">
      <Title order={1}>{msg.articles.notFound}</Title>
      <Button component={Link} to="/resources/guides" variant="light">
        {t('resources.backTo', { section: t('resources.sections.guides') })}
      </Button>
    </Stack>
  );
}

/** /resources/guides/{id} and /resources/blog/{id}: the id in the address is the article's slug. */
export function ArticlePage({ kind }: { kind: ListKind }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const article = useArticle(id);
  // React Query hands the answer over synchronously; the deferred copy renders the long body and its
  // table of contents in a transition, which React splits and yields between (Total Blocking Time).
  const data = useDeferredValue(article.data);
  const section = KIND_PATH[kind];
  if (article.isPending || (data === undefined && article.data !== undefined)) return <Loading />;
  // A draft, an unknown slug or an article of another kind all read as "not found" here.
  if (article.isError || !data || data.kind !== kind) {
    if (article.isError && !(article.error instanceof ApiError && article.error.status === 404)) return <Alert color="red">{msg.somethingWentWrong}</Alert>;
    return <ArticleNotFound />;
  }
  return (
    <>
      <BackLink to={`/resources/${section}`} label={t(`resources.sections.${section}`)} />
      <ArticleView article={data} />
    </>
  );
}

/** /resources/whitepaper: the latest white paper, in full. */
export function WhitepaperPage() {
  const list = useArticles({ kind: 'whitepaper' });
  const first = list.data?.[0];
  if (list.isPending) return <Loading />;
  if (!first) return <ArticleNotFound />;
  return <WhitepaperArticle slug={first.slug} />;
}

function WhitepaperArticle({ slug }: { slug: string }) {
  const article = useArticle(slug);
  if (article.isPending) return <Loading />;
  if (article.isError) return <ArticleNotFound />;
  return <ArticleView article={article.data} />;
}

const matches = (q: string, ...texts: string[]) => {
  const needle = q.trim().toLowerCase();
  return !needle || texts.some((s) => s.toLowerCase().includes(needle));
};

export function FaqsPage() {
  const { t } = useTranslation();
  const faqs = useFaqs();
  const staff = useIsStaff();
  const [q, setQ] = useState('');
  const shown = (faqs.data ?? []).filter((f) => matches(q, f.question, f.answer));
  return (
    <>
      <PageHead title={t('resources.sections.faqs')} intro={t('resources.intro.faqs')} />
      <SearchBox value={q} onChange={setQ} label={t('resources.searchFaqs')} />
      {staff && <StaffBar kind="faq" />}
      {faqs.isPending ? (
        <Loading />
      ) : faqs.isError ? (
        <Alert color="red">{msg.somethingWentWrong}</Alert>
      ) : faqs.data.length === 0 ? (
        <Empty text={msg.articles.noFaqs} />
      ) : shown.length === 0 ? (
        <Empty text={t('resources.noResults', { q: q.trim() })} />
      ) : (
        <Accordion variant="separated" radius="lg" transitionDuration={200}>
          {shown.map((f) => (
            <Accordion.Item key={f.id} value={f.slug} id={f.slug}>
              <Accordion.Control>
                <strong>{f.question}</strong>
              </Accordion.Control>
              <Accordion.Panel>
                {f.answer}
                {staff && (
                  <Group justify="flex-end" mt="xs">
                    <StaffContentButton kind="faq" entry={f} />
                  </Group>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </>
  );
}

export function GlossaryPage() {
  const { t } = useTranslation();
  const glossary = useGlossary();
  const staff = useIsStaff();
  const [q, setQ] = useState('');
  const shown = (glossary.data ?? []).filter((g) => matches(q, g.term, g.definition));
  const letters = [...new Set(shown.map((g) => g.term.charAt(0).toUpperCase()))];
  return (
    <>
      <PageHead title={t('resources.sections.glossary')} intro={t('resources.intro.glossary')} />
      <SearchBox value={q} onChange={setQ} label={t('resources.searchGlossary')} />
      {staff && <StaffBar kind="glossary" />}
      {glossary.isPending ? (
        <Loading />
      ) : glossary.isError ? (
        <Alert color="red">{msg.somethingWentWrong}</Alert>
      ) : glossary.data.length === 0 ? (
        <Empty text={msg.articles.noGlossary} />
      ) : shown.length === 0 ? (
        <Empty text={t('resources.noResults', { q: q.trim() })} />
      ) : (
        <Stack gap="xl">
          {letters.map((letter) => (
            <section key={letter} aria-labelledby={`letter-${letter}`} className={classes.letter}>
              <Title order={2} id={`letter-${letter}`} size="h3" c="atrium.7" mb="sm">
                {letter}
              </Title>
              <dl style={{ margin: 0 }}>
                {shown
                  .filter((g) => g.term.charAt(0).toUpperCase() === letter)
                  .map((g) => (
                    <div key={g.id} id={g.slug} style={{ marginBottom: 16 }}>
                      <Text component="dt" fw={800}>
                        {g.term} {staff && <StaffContentButton kind="glossary" entry={g} />}
                      </Text>
                      <Text component="dd" m={0} c="dark.4">
                        {g.definition}
                      </Text>
                    </div>
                  ))}
              </dl>
            </section>
          ))}
        </Stack>
      )}
    </>
  );
}

export function VideoTutorialsPage() {
  const { t } = useTranslation();
  const videos = useVideoTutorials();
  const staff = useIsStaff();
  return (
    <>
      <PageHead title={t('resources.sections.video-tutorials')} intro={t('resources.intro.video-tutorials')} />
      {staff && <StaffBar kind="video" />}
      {videos.isPending ? (
        <Loading />
      ) : videos.isError ? (
        <Alert color="red">{msg.somethingWentWrong}</Alert>
      ) : videos.data.length === 0 ? (
        <Stack align="flex-start">
          <Empty text={t('resources.noVideos')} />
          <Button component={Link} to="/resources/guides" variant="light">
            {t('resources.sections.guides')}
          </Button>
        </Stack>
      ) : (
        <div className={classes.grid}>
          {videos.data.map((v) => (
            <article key={v.id} className={classes.card}>
              {/* The server builds embedUrl from a checked video id on youtube-nocookie.com only. */}
              <iframe className={classes.video} src={v.embedUrl} title={v.title} loading="lazy" allow="encrypted-media; picture-in-picture" allowFullScreen />
              <div className={classes.cardBody}>
                <Title order={3} size="h4">
                  {v.title}
                </Title>
                <Text c="dimmed" size="sm">
                  {v.description}
                </Text>
                {staff && <StaffContentButton kind="video" entry={v} />}
              </div>
            </article>
          ))}
        </div>
      )}
    </>
  );
}

/** Staff see where to add an entry above the list. */
function StaffBar({ kind }: { kind: 'faq' | 'glossary' | 'video' }) {
  return (
    <Group mb="lg">
      <StaffContentButton kind={kind} />
    </Group>
  );
}

export function UnknownResource() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" py="xl">
      <Title order={1}>{msg.articles.unknownResource}</Title>
      <Button component={Link} to="/resources/guides" variant="light">
        {t('resources.sections.guides')}
      </Button>
    </Stack>
  );
}
