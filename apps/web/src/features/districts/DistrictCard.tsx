import { Anchor, Badge, Button, Card, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DistrictView } from '@atrium/shared';
import { useToggleDistrictFollow } from './pagesQueries.ts';
import './i18n.ts';
import './pagesI18n.ts';

/**
 * A district in a list (Explore's Districts tab, a profile's district pages): theme stripe, logo, title
 * linking to its host, and Follow / Following when the list says whether the reader follows it
 * (Explore's search, signed in, not their own).
 */
export function DistrictCard({ d }: { d: DistrictView }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="md" data-testid="district-card">
      <div style={{ height: 8, margin: '-1rem -1rem 1rem', background: d.styles.themeColor ?? 'var(--mantine-color-blue-6)' }} />
      {d.photo && <img src={d.photo} alt="" height={40} style={{ alignSelf: 'flex-start', marginBottom: 8, borderRadius: 6 }} data-testid="district-card-logo" />}
      <Anchor href={d.url} fw={600} size="lg" aria-label={t('districts.visit', { title: d.title })}>
        {d.title}
      </Anchor>
      <Text size="sm" c="dimmed">
        {d.subdomain}
      </Text>
      {d.subtitle && <Text size="sm">{d.subtitle}</Text>}
      <Group gap="xs" mt="sm">
        <Badge variant="light">{t('districts.members', { count: d.memberCount })}</Badge>
        {d.owner.name && (
          <Text size="xs" c="dimmed">
            {t('districts.by', { name: d.owner.name })}
          </Text>
        )}
      </Group>
      {d.following !== undefined && <CardFollow districtId={d.districtId} following={d.following} followers={d.followers} />}
    </Card>
  );
}

/** Follow from the card (spec §2 Explore Districts): the list's answer first, then the last toggle's. */
function CardFollow({ districtId, following, followers }: { districtId: string; following: boolean; followers: number }) {
  const { t } = useTranslation();
  const toggle = useToggleDistrictFollow(districtId);
  const now = toggle.data ?? { following, followers };
  return (
    <Group gap="sm" mt="sm" data-testid="district-card-follow">
      <Button size="xs" variant={now.following ? 'light' : 'outline'} loading={toggle.isPending} aria-pressed={now.following} onClick={() => toggle.mutate(!now.following)}>
        {now.following ? t('districtPages.following') : t('districtPages.follow')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('districtPages.followers', { count: now.followers })}
      </Text>
    </Group>
  );
}
