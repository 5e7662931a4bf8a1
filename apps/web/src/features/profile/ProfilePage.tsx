import { useState } from 'react';
import { Center, Container, Group, Loader, SegmentedControl, Select, Tabs, Text } from '@mantine/core';
import { IconLayoutGrid, IconList } from '@tabler/icons-react';
import type { LibraryPage } from '@atrium/shared/assets/kinds';
import type { PublicUser } from '@atrium/shared/users/schema';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';
import '../auth/i18n.ts';
import './mantine-profile.ts';
import { AccountCard } from './AccountCard.tsx';
import { useFollowList, useMyUser, useUser } from './queries.ts';
import { Cover } from './Cover.tsx';
import { EditProfileModal } from './EditProfileModal.tsx';
import { OWNER_ONLY, PROFILE_MENUS, resolveSection, sectionControls, SORTS, type SortKey } from './menus.ts';
import { ProfileManagementModal } from './ProfileManagementModal.tsx';
import { GroupsSection } from './GroupsSection.tsx';
import { UserList } from './UserList.tsx';
import { ProfileDistricts } from '../districts/ProfileDistricts.tsx';
import { LibrarySection } from '../assets/LibrarySection.tsx';
import { ActivitySpaces, ProfileSpaces } from '../publishing/ProfileSpaces.tsx';
import classes from './Profile.module.css';

function Section({
  user,
  isOwn,
  category,
  sub,
  view,
  sort,
}: {
  user: PublicUser;
  isOwn: boolean;
  category: string;
  sub: string;
  view: 'grid' | 'list';
  sort: string;
}) {
  const { t } = useTranslation();
  const isFollowList = category === 'connections' && (sub === 'followers' || sub === 'following');
  const list = useFollowList(user.userId, sub === 'following' ? 'following' : 'followers', isFollowList);
  const empty = (text: string) => <div className={classes.empty}>{text}</div>;
  if (!isOwn && OWNER_ONLY.has(`${category}/${sub}`)) return empty(t('profile.empty.hidden'));
  if (isFollowList) {
    if (list.isPending) return <Loader />;
    return (
      <UserList
        users={list.data ?? []}
        view={view}
        empty={sub === 'followers' ? msg.user.noFollowers : msg.user.noFollowing}
      />
    );
  }
  switch (category) {
    case 'spaces':
      return (
        <ProfileSpaces
          userId={user.userId}
          isOwn={isOwn}
          sub={sub}
          sort={sort === 'title' ? 'date' : (sort as SortKey)}
          view={view}
        />
      );
    case 'connections':
      if (!isOwn && !user.showGroups) return empty(t('profile.empty.hidden'));
      return <GroupsSection userId={user.userId} isOwn={isOwn} />;
    case 'library':
      if (!isOwn && !user.showContentLibrary) return empty(t('profile.empty.hidden'));
      return (
        <LibrarySection
          userId={user.userId}
          isOwn={isOwn}
          page={sub as LibraryPage}
          view={view}
          sort={sort === 'title' ? 'title' : 'updatedAt'}
        />
      );
    case 'districts':
      return sub === 'what-is-district' ? (
        <Text maw={640}>{t('profile.whatIsDistrict')}</Text>
      ) : (
        <ProfileDistricts userId={user.userId} sub={sub} />
      );
    case 'activity':
      return (
        <ActivitySpaces
          userId={user.userId}
          sub={sub}
          sort={sort === 'title' ? 'date' : (sort as SortKey)}
          view={view}
        />
      );
    default:
      return empty(t('profile.empty.activity'));
  }
}

function Profile({
  userId,
  category,
  subcategory,
}: {
  userId: string;
  category?: string;
  subcategory?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMyUser();
  const isOwn = me.data?.userId === userId;
  const other = useUser(isOwn ? undefined : userId);
  const user: PublicUser | undefined = isOwn ? me.data : other.data;
  const [editing, setEditing] = useState(false);
  const [managing, setManaging] = useState(false);
  const [sort, setSort] = useState<SortKey | 'title'>('date');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const { category: cat, sub } = resolveSection(category, subcategory);
  const controls = sectionControls(cat.key, sub.key);

  if (me.isPending || (!isOwn && other.isPending)) {
    return (
      <Center mih="60vh">
        <Loader />
      </Center>
    );
  }
  if (!user) {
    return (
      <Center mih="60vh">
        <Text>{t('profile.userNotFound')}</Text>
      </Center>
    );
  }
  const go = (c: string, s?: string) => void navigate(`/user/${userId}/${c}${s ? `/${s}` : ''}`);

  return (
    <Container>
      <Cover user={user} isOwn={isOwn} />
      <div className={classes.layout}>
        <AccountCard
          user={user}
          isOwn={isOwn}
          onEdit={() => setEditing(true)}
          onManage={() => setManaging(true)}
        />
        <div className={classes.content}>
          <Tabs value={cat.key} onChange={(v) => v && go(v)} variant="outline">
            <Tabs.List>
              {PROFILE_MENUS.map((c) => (
                <Tabs.Tab key={c.key} value={c.key}>
                  {t(c.label)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <Group justify="space-between" my="lg" gap="sm">
            <SegmentedControl
              value={sub.key}
              onChange={(v) => go(cat.key, v)}
              data={cat.items.map((i) => ({ value: i.key, label: t(i.label) }))}
            />
            <Group gap="sm">
              {controls.sort && (
                <Select
                  aria-label={t('profile.sortBy')}
                  w={180}
                  value={sort}
                  onChange={(v) => v && setSort(v as SortKey | 'title')}
                  data={
                    cat.key === 'library'
                      ? [
                          { value: 'date', label: t('profile.sort.date') },
                          { value: 'title', label: t('assets.sortTitle') },
                        ]
                      : SORTS.map((s) => ({ value: s, label: t(`profile.sort.${s}`) }))
                  }
                  allowDeselect={false}
                />
              )}
              {controls.view && (
                <SegmentedControl
                  value={view}
                  onChange={(v) => setView(v as 'grid' | 'list')}
                  data={[
                    { value: 'grid', label: <IconLayoutGrid size={18} aria-label={t('profile.grid')} /> },
                    { value: 'list', label: <IconList size={18} aria-label={t('profile.list')} /> },
                  ]}
                />
              )}
            </Group>
          </Group>
          <Section user={user} isOwn={isOwn} category={cat.key} sub={sub.key} view={view} sort={sort} />
        </div>
      </div>
      {isOwn && me.data && (
        <EditProfileModal me={me.data} opened={editing} onClose={() => setEditing(false)} />
      )}
      {isOwn && <ProfileManagementModal opened={managing} onClose={() => setManaging(false)} />}
    </Container>
  );
}

/** `/user` and `/user/me/...` (footer links, sign-in-first redirects) go to the signed-in person's own pages. */
function MyProfileRedirect({ rest = '' }: { rest?: string }) {
  const me = useMyUser();
  if (me.data) return <Navigate to={`/user/${me.data.userId}${rest}`} replace />;
  return (
    <Center mih="60vh">
      <Loader />
    </Center>
  );
}

/** Routes user, user/:userId, user/:userId/:category, user/:userId/:category/:subcategory. */
export default function ProfilePage() {
  const { userId, category, subcategory } = useParams();
  return (
    <RequireAuth>
      {userId === 'me' ? (
        <MyProfileRedirect
          rest={[category, subcategory]
            .filter(Boolean)
            .map((p) => `/${p}`)
            .join('')}
        />
      ) : userId ? (
        <Profile key={userId} userId={userId} category={category} subcategory={subcategory} />
      ) : (
        <MyProfileRedirect />
      )}
    </RequireAuth>
  );
}
