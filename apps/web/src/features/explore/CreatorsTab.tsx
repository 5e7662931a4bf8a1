import { useEffect, useState } from 'react';
import { Center, Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { msg, type PublicUser } from '@atrium/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { UserList } from '../profile/UserList.tsx';

/** Explore's Creators tab: searchable people (user/search honours each person's searchable setting). */
export function CreatorsTab() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setQ(text.trim()), 200);
    return () => clearTimeout(id);
  }, [text]);
  const users = useQuery({
    queryKey: ['user', 'search', q],
    queryFn: () => api<PublicUser[]>('GET', `/api/user/search?ipp=30${q ? `&q=${encodeURIComponent(q)}` : ''}`),
  });
  return (
    <>
      <TextInput
        aria-label={t('publishing.explore.searchCreators')}
        placeholder={t('publishing.explore.searchCreators')}
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        maw={360}
        mb="lg"
      />
      {users.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <UserList users={users.data ?? []} view="grid" empty={msg.social.noCreators} />
      )}
    </>
  );
}
