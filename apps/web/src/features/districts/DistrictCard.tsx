import { Anchor, Badge, Card, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DistrictView } from '@atrium/shared';
import './i18n.ts';

/** A district in a list (Explore's Districts tab, a profile's district pages): theme stripe, logo, title linking to its host. */
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
    </Card>
  );
}
