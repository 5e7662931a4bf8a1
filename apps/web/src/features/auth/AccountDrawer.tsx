import { useState } from 'react';
import { Avatar, Drawer, Group, NavLink as MantineNavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { THEME } from '@atrium/shared/constants';
import {
  IconBuildingCommunity,
  IconHistory,
  IconLayoutGrid,
  IconLibraryPhoto,
  IconLogout,
  IconSettings,
  IconUser,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignOutConfirm } from './SignOutConfirm.tsx';
import type { SessionUser } from '../../auth/useSession.ts';
import { useMyUser } from '../profile/queries.ts';
import { QueryScope } from '../../api/QueryScope.tsx';
import { LanguageSwitcher } from '../../layout/LanguageSwitcher.tsx';
import { useAccountLanguage } from './useAccountLanguage.ts';
import './i18n.ts';
import './mantine-drawer.ts';

/** Spec §2 Header: the signed-in avatar opens a side drawer with the profile items and Log Out. */
// Rendered in the header, outside any page: it brings its own query provider (see App.tsx).
export function AccountDrawer(props: { user: SessionUser }) {
  return (
    <QueryScope>
      <AccountDrawerInner {...props} />
    </QueryScope>
  );
}

function AccountDrawerInner({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const me = useMyUser().data;
  useAccountLanguage(me?.language ?? null);
  const id = me?.userId;
  const name = me?.name ?? user.name;
  const picture = me?.profilePicture ?? null;
  const base = id ? `/user/${id}` : '/user';
  const items = [
    { to: base, label: t('drawer.profile'), Icon: IconUser },
    { to: `${base}/spaces/published`, label: t('drawer.spaces'), Icon: IconLayoutGrid },
    { to: `${base}/districts/my-districts`, label: t('drawer.districts'), Icon: IconBuildingCommunity },
    { to: `${base}/library/images`, label: t('drawer.library'), Icon: IconLibraryPhoto },
    { to: `${base}/connections/followers`, label: t('drawer.connections'), Icon: IconUsers },
    { to: `${base}/activity/history`, label: t('drawer.activity'), Icon: IconHistory },
    { to: '/wallet', label: t('drawer.wallet'), Icon: IconWallet },
    { to: '/settings', label: t('drawer.settings'), Icon: IconSettings },
  ];
  return (
    <>
      <UnstyledButton
        onClick={() => setOpened(true)}
        aria-label={t('auth.openProfileMenu')}
        data-testid="avatar-button"
      >
        <Avatar src={picture} alt={name} name={name} color="atrium" radius="xl" size={44} />
      </UnstyledButton>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="max(27%, 350px)"
        zIndex={THEME.drawerZIndex}
        title={t('auth.profileMenu')}
      >
        <Stack gap="xs" align="center" mb="lg">
          <Avatar src={picture} alt={name} name={name} color="atrium" radius={999} size={88} />
          <Text fw={700} size="lg">
            {name}
          </Text>
          <Text c="dimmed" size="sm">
            {t(`drawer.roles.${user.role}`)}
          </Text>
        </Stack>
        <nav aria-label={t('auth.profileMenu')}>
          {items.map(({ to, label, Icon }) => (
            <MantineNavLink
              key={label}
              component={Link}
              to={to}
              label={label}
              leftSection={<Icon size={20} />}
              onClick={() => setOpened(false)}
            />
          ))}
          <MantineNavLink
            component="button"
            label={t('drawer.logOut')}
            leftSection={<IconLogout size={20} />}
            onClick={() => {
              setOpened(false);
              setConfirming(true);
            }}
          />
        </nav>
        <Group justify="space-between" px="sm" mt="md">
          <LanguageSwitcher showLabel testId="drawer-language" />
        </Group>
      </Drawer>
      <SignOutConfirm opened={confirming} onClose={() => setConfirming(false)} />
    </>
  );
}
