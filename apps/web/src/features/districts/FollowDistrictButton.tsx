import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDistrictFollow, useToggleDistrictFollow } from './pagesQueries.ts';
import './pagesI18n.ts';

/** Follow / Following on a district's home (spec §3 district follow); not offered to its Owner or signed-out visitors. */
export function FollowDistrictButton({ districtId, canFollow }: { districtId: string; canFollow: boolean }) {
  const { t } = useTranslation();
  const state = useDistrictFollow(districtId);
  const toggle = useToggleDistrictFollow(districtId);
  const following = state.data?.following ?? false;
  return (
    <Group gap="sm">
      {canFollow && (
        <Button
          variant={following ? 'white' : 'outline'}
          color={following ? 'dark' : 'gray.0'}
          radius="var(--district-radius, xl)"
          loading={toggle.isPending}
          disabled={state.isPending}
          aria-pressed={following}
          onClick={() => toggle.mutate(!following)}
          data-testid="district-follow"
        >
          {following ? t('districtPages.following') : t('districtPages.follow')}
        </Button>
      )}
      {state.data && (
        <Text size="sm" data-testid="district-followers">
          {t('districtPages.followers', { count: state.data.followers })}
        </Text>
      )}
    </Group>
  );
}
