import { useState, type ReactNode } from 'react';
import { Button, Card, Center, Group, Image, Loader, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DISTRICT_LIBRARY_PAGES, type DistrictLibraryPage, type DistrictRole } from '@atrium/shared';
import { SpaceGrid } from '../publishing/SpaceGrid.tsx';
import { useInfiniteSentinel, type Pager } from '../publishing/useInfiniteSentinel.ts';
import { useCreateDistrictGroup, useDistrictGroups, useDistrictLibrary, useDistrictSpaces, type SpacesState } from './pagesQueries.ts';
import './pagesI18n.ts';

export type DistrictCategory = 'spaces' | 'library' | 'groups';
const CATEGORIES: DistrictCategory[] = ['spaces', 'library', 'groups'];
const SPACES: SpacesState[] = ['published', 'drafts'];

/** Reads `/{category}/{subcategory}` of a district page (spec §2), falling back to Spaces > Published. */
export function categoryOf(category?: string, sub?: string): { category: DistrictCategory; sub: string } {
  if (category === 'library') return { category, sub: DISTRICT_LIBRARY_PAGES.includes(sub as DistrictLibraryPage) ? sub! : 'images' };
  if (category === 'groups') return { category, sub: 'all' };
  return { category: 'spaces', sub: sub === 'drafts' ? 'drafts' : 'published' };
}

function SubTabs({ base, values, current, label }: { base: string; values: readonly string[]; current: string; label: (v: string) => string }) {
  return (
    <Group gap="xs" mb="md">
      {values.map((v) => (
        <Button
          key={v}
          component={Link}
          to={`/${base}/${v}`}
          size="xs"
          radius="var(--district-radius, xl)"
          variant={v === current ? 'filled' : 'default'}
          aria-current={v === current ? 'page' : undefined}
        >
          {label(v)}
        </Button>
      ))}
    </Group>
  );
}

/** A paged category: a loader until the first page, its empty text, or its cards; scrolling to the end loads more. */
function PagedCards<T>({ query, items, empty, children }: { query: Pager & { isPending: boolean }; items: T[]; empty: string; children: (items: T[]) => ReactNode }) {
  const sentinel = useInfiniteSentinel(query);
  return (
    <>
      {query.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="district-empty">
          {empty}
        </Text>
      ) : (
        children(items)
      )}
      <div ref={sentinel} style={{ height: 1 }} />
    </>
  );
}

function Spaces({ districtId, state, viewerId }: { districtId: string; state: SpacesState; viewerId: string | null }) {
  const { t } = useTranslation();
  const query = useDistrictSpaces(districtId, state);
  return <SpaceGrid query={query} viewerId={viewerId} empty={t(`districtPages.empty.${state}`)} />;
}

function Library({ districtId, page }: { districtId: string; page: DistrictLibraryPage }) {
  const { t } = useTranslation();
  const query = useDistrictLibrary(districtId, page);
  return (
    <PagedCards query={query} items={query.data?.pages.flat() ?? []} empty={t('districtPages.empty.library')}>
      {(items) => (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} data-testid="district-library">
          {items.map((i) => (
            <Card key={i.assetId} withBorder padding="xs" radius="md" component={Link} to={`/viewer/${i.sceneId}`}>
              <Card.Section>
                <Image src={i.thumbnailUrl} alt="" h={120} fit="cover" fallbackSrc="/favicon.svg" />
              </Card.Section>
              <Text size="sm" mt="xs" truncate>
                {i.title}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </PagedCards>
  );
}

function NewGroup({ districtId }: { districtId: string }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const create = useCreateDistrictGroup(districtId);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (title.trim()) create.mutate({ title: title.trim(), description: '' }, { onSuccess: () => setTitle('') });
      }}
    >
      <Group mb="md" align="end">
        <TextInput label={t('districtPages.newGroup')} placeholder={t('districtPages.groupTitle')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Button type="submit" loading={create.isPending} radius="var(--district-radius, sm)">
          {t('districtPages.createGroup')}
        </Button>
      </Group>
    </form>
  );
}

function Groups({ districtId, role }: { districtId: string; role: DistrictRole | null }) {
  const { t } = useTranslation();
  const query = useDistrictGroups(districtId);
  return (
    <>
      {role === 'Owner' && <NewGroup districtId={districtId} />}
      <PagedCards query={query} items={query.data?.pages.flat() ?? []} empty={t('districtPages.empty.groups')}>
        {(groups) => (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="district-groups">
            {groups.map((g) => (
              <Card key={g.groupId} withBorder radius="md">
                <Stack gap={4}>
                  <Text fw={600}>{g.title}</Text>
                  {g.description && <Text size="sm">{g.description}</Text>}
                  <Text size="xs" c="dimmed">
                    {t('districtPages.groupMembers', { count: g.memberCount })}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </PagedCards>
    </>
  );
}

/** The district home's categories (spec §2 District page): Spaces (Published, Drafts), Library, Groups. */
export function DistrictCategories({
  districtId,
  role,
  viewerId,
  category,
  sub,
}: {
  districtId: string;
  role: DistrictRole | null;
  viewerId: string | null;
  category: DistrictCategory;
  sub: string;
}) {
  const { t } = useTranslation();
  // Drafts are the Owner's and Creators' (the server refuses everyone else); others see Published only.
  const spaceTabs = role === 'Owner' || role === 'Creator' ? SPACES : SPACES.filter((s) => s === 'published');
  return (
    <>
      <Tabs value={category} mb="md">
        <Tabs.List aria-label={t('districtPages.categories')}>
          {CATEGORIES.map((c) => (
            <Tabs.Tab key={c} value={c} renderRoot={(props) => <Link {...props} to={c === 'groups' ? '/groups' : `/${c}/${c === 'spaces' ? 'published' : 'images'}`} />}>
              {t(`districtPages.category.${c}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {category === 'spaces' && (
        <>
          {spaceTabs.length > 1 && <SubTabs base="spaces" values={spaceTabs} current={sub} label={(v) => t(`districtPages.spaces.${v}`)} />}
          {sub === 'drafts' && spaceTabs.length === 1 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('districtPages.draftsCreatorsOnly')}
            </Text>
          ) : (
            <Spaces key={sub} districtId={districtId} state={sub as SpacesState} viewerId={viewerId} />
          )}
        </>
      )}
      {category === 'library' && (
        <>
          <SubTabs base="library" values={DISTRICT_LIBRARY_PAGES} current={sub} label={(v) => t(`districtPages.library.${v}`)} />
          <Library key={sub} districtId={districtId} page={sub as DistrictLibraryPage} />
        </>
      )}
      {category === 'groups' && <Groups districtId={districtId} role={role} />}
    </>
  );
}
