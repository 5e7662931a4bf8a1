import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Select, SegmentedControl, Stack, Table, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { RequireAuth } from '../auth/RequireAuth.tsx';
import { notify } from '../../notify.ts';
import { useSession } from '../../auth/useSession.ts';
import { articlePath, formatDate, splitByHeadings } from './format.ts';
import {
  previewArticle,
  useArticles,
  useArticleSource,
  useAuthors,
  useCategories,
  useCmsMe,
  useSaveArticle,
  useSetPublished,
  type ArticleInput,
  type ArticleSource,
} from './queries.ts';
import classes from './Resources.module.css';
import './mantine-resources.ts';

type Kind = ArticleInput['kind'];

/** Staff-only screens: the server checks the grant on every call; this only avoids showing forms that would fail. */
function StaffOnly({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const me = useCmsMe(session.status === 'signed-in');
  if (me.isPending) return <Loader />;
  if (!me.data?.staff) return <Alert color="yellow">{t('cmsEditor.staffOnly')}</Alert>;
  return <>{children}</>;
}

export function CmsListPage() {
  return (
    <RequireAuth>
      <StaffOnly>
        <CmsList />
      </StaffOnly>
    </RequireAuth>
  );
}

function CmsList() {
  const { t } = useTranslation();
  const list = useArticles({ drafts: 'true' });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('cmsEditor.title')}</Title>
        <Button component={Link} to="/resources/manage/new">
          {t('cmsEditor.newArticle')}
        </Button>
      </Group>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <Alert color="red">{msg.somethingWentWrong}</Alert>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('cmsEditor.fields.title')}</Table.Th>
                <Table.Th>{t('cmsEditor.kind')}</Table.Th>
                <Table.Th>{t('cmsEditor.status.published')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Link to={`/resources/manage/${a.id}`}>{a.title}</Link>
                    <Text size="xs" c="dimmed">
                      {t('cmsEditor.updated', { date: formatDate(a.updatedAt) })}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`cmsEditor.kinds.${a.kind}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={a.status === 'published' ? 'green' : 'orange'} variant="light">
                      {t(`cmsEditor.status.${a.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="light" component={Link} to={`/resources/manage/${a.id}`}>
                        {t('cmsEditor.edit')}
                      </Button>
                      {a.status === 'published' && (
                        <Button size="xs" variant="subtle" component={Link} to={articlePath(a)}>
                          {t('cmsEditor.view')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export function CmsEditorPage() {
  return (
    <RequireAuth>
      <StaffOnly>
        <CmsEditorLoader />
      </StaffOnly>
    </RequireAuth>
  );
}

function CmsEditorLoader() {
  const { id } = useParams();
  const source = useArticleSource(id);
  if (!id) return <CmsForm key="new" />;
  if (source.isPending) return <Loader />;
  if (source.isError) return <Alert color="red">{source.error instanceof ApiError && source.error.status === 404 ? msg.articles.notFound : msg.somethingWentWrong}</Alert>;
  return <CmsForm key={source.data.id} source={source.data} />;
}

const emptyInput: ArticleInput = { slug: '', kind: 'guide', title: '', description: '', body: '', banner: null, thumbnail: null, authorId: null, categoryId: null, tags: [] };

const toInput = (s: ArticleSource): ArticleInput => ({
  slug: s.slug,
  kind: s.kind,
  title: s.title,
  description: s.description,
  body: s.body,
  banner: s.banner,
  thumbnail: s.thumbnail,
  authorId: s.authorId,
  categoryId: s.categoryId,
  tags: s.tags,
});

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

function Preview({ body }: { body: string }) {
  const { t } = useTranslation();
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    // The preview is the server's own rendering, so it shows exactly what publishing would (sanitised).
    previewArticle(body).then(
      (p) => live && (setHtml(p.bodyHtml), setFailed(false)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [body]);
  if (failed) return <Alert color="red">{msg.somethingWentWrong}</Alert>;
  if (html === null) return <Loader />;
  if (!html.trim()) return <Text c="dimmed">{t('cmsEditor.previewEmpty')}</Text>;
  return (
    <div className={classes.body} data-testid="cms-preview">
      {splitByHeadings(html).map((s, i) => (
        <section key={i} dangerouslySetInnerHTML={{ __html: s }} />
      ))}
    </div>
  );
}

function CmsForm({ source }: { source?: ArticleSource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [input, setInput] = useState<ArticleInput>(source ? toInput(source) : emptyInput);
  const [tags, setTags] = useState((source?.tags ?? []).join(', '));
  const [tab, setTab] = useState<string | null>('write');
  const [error, setError] = useState<string | null>(null);
  const authors = useAuthors();
  const categories = useCategories();
  const save = useSaveArticle();
  const status = useSetPublished();
  const set = <K extends keyof ArticleInput>(k: K, v: ArticleInput[K]) => setInput((i) => ({ ...i, [k]: v }));

  const onSave = () => {
    setError(null);
    const body: ArticleInput = { ...input, tags: tags.split(',').map((s) => s.trim()).filter(Boolean) };
    save.mutate(
      { id: source?.id, input: body },
      {
        onSuccess: (saved) => {
          notify.success(t('cmsEditor.saved'));
          if (!source) void navigate(`/resources/manage/${saved.id}`, { replace: true });
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  const onStatus = (published: boolean) =>
    source &&
    status.mutate(
      { id: source.id, published },
      { onSuccess: () => notify.success(t(published ? 'cmsEditor.published' : 'cmsEditor.unpublished')), onError: (e) => setError(e.message) },
    );

  const current = status.data?.id === source?.id && status.data ? status.data.status : source?.status;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{source ? source.title : t('cmsEditor.newArticle')}</Title>
        {source && (
          <Badge size="lg" color={current === 'published' ? 'green' : 'orange'} variant="light">
            {t(`cmsEditor.status.${current ?? 'draft'}`)}
          </Badge>
        )}
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      <SegmentedControl
        value={input.kind}
        onChange={(v) => set('kind', v as Kind)}
        data={(['guide', 'blog', 'whitepaper'] as const).map((k) => ({ value: k, label: t(`cmsEditor.kinds.${k}`) }))}
        aria-label={t('cmsEditor.kind')}
        w="fit-content"
      />
      <TextInput
        label={t('cmsEditor.fields.title')}
        required
        value={input.title}
        onChange={(e) => {
          const title = e.currentTarget.value;
          setInput((i) => ({ ...i, title, slug: !source && (i.slug === '' || i.slug === slugify(i.title)) ? slugify(title) : i.slug }));
        }}
      />
      <TextInput label={t('cmsEditor.fields.slug')} description={t('cmsEditor.fields.slugHint')} required value={input.slug} onChange={(e) => set('slug', e.currentTarget.value)} />
      <Textarea label={t('cmsEditor.fields.description')} autosize minRows={2} value={input.description} onChange={(e) => set('description', e.currentTarget.value)} />
      <Group grow align="flex-start">
        <Select
          label={t('cmsEditor.fields.author')}
          clearable
          placeholder={t('cmsEditor.fields.none')}
          data={(authors.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          value={input.authorId ?? null}
          onChange={(v) => set('authorId', v)}
        />
        <Select
          label={t('cmsEditor.fields.category')}
          clearable
          placeholder={t('cmsEditor.fields.none')}
          data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
          value={input.categoryId ?? null}
          onChange={(v) => set('categoryId', v)}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput label={t('cmsEditor.fields.banner')} value={input.banner ?? ''} onChange={(e) => set('banner', e.currentTarget.value || null)} />
        <TextInput label={t('cmsEditor.fields.thumbnail')} value={input.thumbnail ?? ''} onChange={(e) => set('thumbnail', e.currentTarget.value || null)} />
      </Group>
      <TextInput label={t('cmsEditor.fields.tags')} value={tags} onChange={(e) => setTags(e.currentTarget.value)} />
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="write">{t('cmsEditor.write')}</Tabs.Tab>
          <Tabs.Tab value="preview">{t('cmsEditor.preview')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt="md">
          <Textarea
            label={t('cmsEditor.fields.body')}
            description={t('cmsEditor.fields.bodyHint')}
            autosize
            minRows={14}
            styles={{ input: { fontFamily: 'ui-monospace, monospace' } }}
            value={input.body}
            onChange={(e) => set('body', e.currentTarget.value)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="md">
          {tab === 'preview' && <Preview body={input.body} />}
        </Tabs.Panel>
      </Tabs>
      <Group>
        <Button onClick={onSave} loading={save.isPending}>
          {source ? t('cmsEditor.saveChanges') : t('cmsEditor.save')}
        </Button>
        {source &&
          (current === 'published' ? (
            <Button variant="light" color="orange" onClick={() => onStatus(false)} loading={status.isPending}>
              {t('cmsEditor.unpublish')}
            </Button>
          ) : (
            <Button variant="light" color="green" onClick={() => onStatus(true)} loading={status.isPending}>
              {t('cmsEditor.publish')}
            </Button>
          ))}
        {source && current === 'published' && (
          <Button variant="subtle" component={Link} to={articlePath(source)}>
            {t('cmsEditor.view')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
