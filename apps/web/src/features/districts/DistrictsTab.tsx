import { useState } from 'react';
import { Center, Group, Loader, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/msg.ts';
import { useInfiniteSentinel } from '../publishing/useInfiniteSentinel.ts';
import { useDistrictSearch, type DistrictSort } from './queries.ts';
import { DistrictCard } from './DistrictCard.tsx';
import { CreateDistrictButton } from './wizard/CreateDistrictButton.tsx';
import './i18n.ts';

const SORTS: DistrictSort[] = ['newest', 'title', 'members'];

/** Explore's Districts tab (spec §2): search by title, Sort By, infinite scroll; each card opens the district's subdomain. */
export function DistrictsTab() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sort, setSort] = useState<DistrictSort>('newest');
  // Spec §5: search runs 200 ms after typing stops.
  const [title] = useDebouncedValue(text.trim(), 200);
  const query = useDistrictSearch(title, sort);
  const sentinel = useInfiniteSentinel(query);

  const districts = query.data?.pages.flat() ?? [];
  return (
    <>
      <Group justify="space-between" mb="lg" gap="md">
        <TextInput
          aria-label={t('districts.search')}
          placeholder={t('districts.search')}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          w={280}
        />
        <Select
          aria-label={t('districts.sortBy')}
          data={SORTS.map((s) => ({ value: s, label: t(`districts.sort.${s}`) }))}
          value={sort}
          onChange={(v) => v && setSort(v as DistrictSort)}
          allowDeselect={false}
          w={180}
        />
        <CreateDistrictButton />
      </Group>
      {query.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <>
          {districts.length === 0 && !query.isError && (
            <Text c="dimmed" ta="center" py="xl">
              {msg.social.noDistricts}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="district-list">
            {districts.map((d) => (
              <DistrictCard key={d.districtId} d={d} />
            ))}
          </SimpleGrid>
          {query.isError && (
            <Text c="red" ta="center" py="md">
              {t('districts.loadFailed')}
            </Text>
          )}
          {query.isFetchingNextPage && (
            <Center py="md">
              <Loader size="sm" />
            </Center>
          )}
        </>
      )}
      <div ref={sentinel} style={{ height: 1 }} />
    </>
  );
}
