import { useEffect, useState } from 'react';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../api/client.ts';
import { exploreKeys } from '../../api/keys.ts';

/**
 * A portal's target, picked by name from the published spaces (searched as you type, like Explore)
 * instead of typing a raw space id. Empty means "back to the entry point".
 */
export function SpacePicker({ value, onChange }: { value: string | null; onChange: (sceneId: string | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 200);
    return () => clearTimeout(timer);
  }, [search]);
  const params = { q, filter: 'All' as const, sort: 'date' as const };
  const spaces = useQuery({
    queryKey: [...exploreKeys.search(params), 'portal-picker'],
    queryFn: () => call(api.GET('/api/publishedscene/metadata/search', { params: { query: { ...(q ? { q } : {}), ipp: 20 } } })),
  });
  // The chosen space stays an option while the list shows other search results.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const found = (spaces.data ?? []).map((s) => ({ value: s.sceneId, label: s.title }));
  const data = picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;
  return (
    <Select
      size="xs"
      searchable
      clearable
      aria-label={t('editor.content.portalTarget')}
      placeholder={t('editor.content.portalTarget')}
      nothingFoundMessage={spaces.isFetching ? t('editor.content.portalSearching') : t('editor.content.portalNone')}
      data={data}
      value={value}
      onChange={(v, option) => {
        setPicked(v && option ? { value: option.value, label: option.label } : null);
        onChange(v);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      comboboxProps={{ withinPortal: true }}
      data-testid="portal-target"
    />
  );
}
