import { Center, Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { UserList } from '../profile/UserList.tsx';
import { useUserSearch } from '../profile/useUserSearch.ts';

/** Explore's Creators tab: searchable people (user/search honours each person's searchable setting). */
export function CreatorsTab() {
  const { t } = useTranslation();
  const { text, setText, found: users } = useUserSearch({ ipp: 30 });
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
