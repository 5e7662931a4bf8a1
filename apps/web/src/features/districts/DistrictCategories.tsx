import { Button, Card, Group, Image, SimpleGrid, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DISTRICT_LIBRARY_PAGES, type DistrictLibraryPage } from '@atrium/shared/districts/pages';
import type { DistrictRole } from '@atrium/shared/districts/rules';
import { SpaceGrid } from '../publishing/SpaceGrid.tsx';
import { useDistrictLibrary, useDistrictSpaces, type SpacesState } from './pagesQueries.ts';
import { PagedCards } from './PagedCards.tsx';
import { DistrictGroups, GROUP_PAGES } from './DistrictGroups.tsx';
import { DistrictRequestsPage, PromotedPage, REQUEST_PAGES, requestPagesFor, type RequestPage } from './SpaceRequests.tsx';
import { PromotionSettingsForm } from './PromotionSettings.tsx';
import './pagesI18n.ts';

export type DistrictCategory = 'spaces' | 'library' | 'groups';
const CATEGORIES: DistrictCategory[] = ['spaces', 'library', 'groups'];
const SPACES: SpacesState[] = ['published', 'drafts'];

/** Reads `/{category}/{subcategory}` of a district page (spec §2), falling back to Spaces > Published. */
export function categoryOf(category?: string, sub?: string): { category: DistrictCategory; sub: string } {
  if (category === 'library') return { category, sub: DISTRICT_LIBRARY_PAGES.includes(sub as DistrictLibraryPage) ? sub! : 'images' };
  if (category === 'groups') return { category, sub: GROUP_PAGES.includes(sub as (typeof GROUP_PAGES)[number]) ? sub! : 'all' };
  return { category: 'spaces', sub: sub === 'drafts' || REQUEST_PAGES.includes(sub as RequestPage) ? sub! : 'published' };
}

const isRequestPage = (sub: string): sub is RequestPage => REQUEST_PAGES.includes(sub as RequestPage);

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

/**
 * The district home's categories (spec §2 District page): Spaces (Published, Drafts, Hosting Requests,
 * Promoted, Promotion Requests, Promotion Settings), Library, Groups.
 */
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
  const ownTabs = role === 'Owner' || role === 'Creator' ? SPACES : SPACES.filter((s) => s === 'published');
  const spaceTabs: string[] = [...ownTabs, ...requestPagesFor(role, viewerId !== null)];
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
          {spaceTabs.length > 1 && (
            <SubTabs base="spaces" values={spaceTabs} current={sub} label={(v) => t(isRequestPage(v) ? `districtRequests.tabs.${v}` : `districtPages.spaces.${v}`)} />
          )}
          {sub === 'hosting-requests' || sub === 'promotion-requests' ? (
            <DistrictRequestsPage key={sub} districtId={districtId} kind={sub === 'hosting-requests' ? 'hosting' : 'promotion'} role={role} viewerId={viewerId} />
          ) : sub === 'promoted' ? (
            <PromotedPage districtId={districtId} viewerId={viewerId} />
          ) : sub === 'promotion-settings' ? (
            <PromotionSettingsForm districtId={districtId} role={role} />
          ) : sub === 'drafts' && !ownTabs.includes('drafts') ? (
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
      {category === 'groups' && (
        <>
          {viewerId !== null && <SubTabs base="groups" values={GROUP_PAGES} current={sub} label={(v) => t(`districtGroups.tabs.${v}`)} />}
          <DistrictGroups key={sub} districtId={districtId} role={role} sub={sub} signedIn={viewerId !== null} />
        </>
      )}
    </>
  );
}
