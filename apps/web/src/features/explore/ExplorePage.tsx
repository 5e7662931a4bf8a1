import { lazy, Suspense, useEffect, useState } from 'react';
import { Center, Chip, Container, Group, Loader, NativeSelect, Tabs, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { EXPLORE_FILTERS, EXPLORE_SORT_LABELS, EXPLORE_SORTS, type ExploreFilter, type ExploreSort } from '@atrium/shared/publishing/explore';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/useSession.ts';
import { useMyUser } from '../profile/queries.ts';
import { useExplore } from '../publishing/queries.ts';
import { SpaceGrid } from '../publishing/SpaceGrid.tsx';
import { LiveTotal } from '../realtime/LiveOnCard.tsx';
import { HappeningNow } from './HappeningNow.tsx';
import '../publishing/i18n.ts';
import classes from '../publishing/SpaceCard.module.css';

// The other tabs load when chosen: most visitors stay on Spaces, and their lists, cards and search bring
// a dozen files of their own to the page's first load (Lighthouse performance on a phone).
const CreatorsTab = lazy(() => import('./CreatorsTab.tsx').then((m) => ({ default: m.CreatorsTab })));
const DistrictsTab = lazy(() => import('../districts/DistrictsTab.tsx').then((m) => ({ default: m.DistrictsTab })));
const tabLoading = (
  <Center py="xl">
    <Loader />
  </Center>
);

/** Debounces typing so a search runs once the visitor pauses (spec §5: 200 ms). */
function useDebounced(value: string, ms = 200) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/**
 * The Spaces grid with its query, in a component of its own: an answer (and each page of infinite
 * scroll) re-renders the grid only, not the tabs, chips and inputs above it. A query's update renders
 * at once, in one task, so the whole page re-rendering on the first answer was one of Explore's long
 * tasks (Lighthouse Total Blocking Time).
 */
function SpacesResults({ params, enabled, viewerId }: { params: Parameters<typeof useExplore>[0]; enabled: boolean; viewerId: string | null }) {
  const spaces = useExplore(params, enabled);
  return <SpaceGrid query={spaces} viewerId={viewerId} />;
}

/** Spec §2 Explore: tabs Spaces, Districts, Creators; filters, search, Sort By, infinite scroll. */
export default function ExplorePage() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const [tab, setTab] = useState<string | null>('spaces');
  const [filter, setFilter] = useState<ExploreFilter>('All');
  const [sort, setSort] = useState<ExploreSort>('date');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const personal = filter === 'Favorites' || filter === 'History';
  // Card owner actions compare with the API's user id, which /api/user/my gives (not the token subject).
  const me = useMyUser();
  const viewerId = me.data?.userId ?? null;

  return (
    <Container py="xl">
      <Group justify="space-between" align="baseline" mb="lg">
        <Title order={1}>{t('publishing.explore.title')}</Title>
        <LiveTotal />
      </Group>
      <Tabs value={tab} onChange={setTab} variant="outline">
        <Tabs.List mb="lg">
          <Tabs.Tab value="spaces">{t('publishing.explore.spaces')}</Tabs.Tab>
          <Tabs.Tab value="districts">{t('publishing.explore.districts')}</Tabs.Tab>
          <Tabs.Tab value="creators">{t('publishing.explore.creators')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="spaces">
          {tab === 'spaces' && <HappeningNow viewerId={viewerId} />}
          <Group justify="space-between" mb="lg" gap="md">
            <Chip.Group multiple={false} value={filter} onChange={(v) => setFilter(v as ExploreFilter)}>
              <Group gap="xs">
                {EXPLORE_FILTERS.map((f) => (
                  <Chip key={f} value={f}>
                    {t(`publishing.explore.filters.${f}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Group gap="sm">
              <TextInput
                aria-label={t('publishing.explore.search')}
                placeholder={t('publishing.explore.search')}
                leftSection={<IconSearch size={16} />}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                // Spec §5: search inputs ignore Enter.
                onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
                w={280}
              />
              {/* The browser's own list: Mantine's Select would bring its combobox, popover and positioning
                  library (~30 KB gzip) to the page's first load for one choice of three. */}
              <NativeSelect
                aria-label={t('publishing.explore.sortBy')}
                data={EXPLORE_SORTS.map((s) => ({ value: s, label: EXPLORE_SORT_LABELS[s] }))}
                value={sort}
                onChange={(e) => setSort(e.currentTarget.value as ExploreSort)}
                disabled={filter === 'Recommended'}
                w={180}
              />
            </Group>
          </Group>
          {personal && !signedIn ? (
            <div className={classes.empty}>{t('publishing.explore.signInFor')}</div>
          ) : (
            <SpacesResults
              params={{ filter, sort, ...(q ? { q } : {}) }}
              enabled={tab === 'spaces' && (!personal || signedIn)}
              viewerId={viewerId}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="districts">
          {tab === 'districts' && (
            <Suspense fallback={tabLoading}>
              <DistrictsTab />
            </Suspense>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="creators">
          {tab === 'creators' && (
            <Suspense fallback={tabLoading}>
              <CreatorsTab />
            </Suspense>
          )}
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
