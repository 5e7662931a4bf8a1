import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client.ts';
import { userKeys } from '../../api/keys.ts';

/**
 * A search box's text and the people `user/search` finds for it (only searchable users), queried
 * 200 ms after typing stops. The page size is part of the cache key so lists of different sizes never mix.
 */
export function useUserSearch(opts: { ipp: number; minLength?: number; enabled?: boolean }) {
  const { ipp, minLength = 0, enabled = true } = opts;
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 200);
  const found = useQuery({
    queryKey: userKeys.search(debounced, ipp),
    queryFn: () => call(api.GET('/api/user/search', { params: { query: { ipp, ...(debounced ? { q: debounced } : {}) } } })),
    enabled: enabled && debounced.length >= minLength,
  });
  return { text, setText, query: debounced, found };
}
