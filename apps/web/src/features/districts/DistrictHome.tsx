import type { CSSProperties } from 'react';
import { Anchor, Badge, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DistrictStyles } from '@atrium/shared';
import { msg } from '../../i18n/msg.ts';
import { ApiError } from '../../api/ApiError.ts';
import { useSession } from '../../auth/useSession.ts';
import { useDistrictInfo } from './queries.ts';
import { currentDistrictSubdomain } from './currentDistrict.ts';
import { DistrictNoAccess } from './DistrictNoAccess.tsx';
import './i18n.ts';

const RADIUS: Record<NonNullable<DistrictStyles['buttonCorners']>, string> = { square: '0', rounded: '8px', pill: '999px' };

/** The district's Appearance (spec §2 Settings) as CSS variables its page (and Mantine) reads. */
export function themeStyle(styles: DistrictStyles): CSSProperties {
  const vars: Record<string, string> = {};
  if (styles.themeColor) vars['--district-theme'] = styles.themeColor;
  if (styles.textColor) vars['--district-text'] = styles.textColor;
  if (styles.fontFamily) vars['--district-font'] = `'${styles.fontFamily}', var(--mantine-font-family)`;
  if (styles.buttonCorners) vars['--district-radius'] = RADIUS[styles.buttonCorners];
  return vars as CSSProperties;
}

/** The home of `{subdomain}.{public host}` (spec §2 District page): title, spaces, the district's theme. */
export default function DistrictHome() {
  const { t } = useTranslation();
  const subdomain = currentDistrictSubdomain() ?? '';
  const session = useSession();
  const info = useDistrictInfo(subdomain);
  if (info.isPending)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (info.isError) {
    const err = info.error;
    if (err instanceof ApiError && err.code === 'DISTRICT_ACCESS_DENIED') return <DistrictNoAccess signedIn={session.status === 'signed-in'} />;
    return (
      <Container py={80} ta="center" data-testid="district-missing">
        <Title order={1} size="h2">
          {err instanceof ApiError && err.status === 404 ? msg.districts.noSuchDistrict(subdomain) : msg.somethingWentWrong}
        </Title>
      </Container>
    );
  }
  const d = info.data;
  return (
    <div style={themeStyle(d.styles)} data-testid="district-home">
      <div
        style={{
          background: 'var(--district-theme, var(--mantine-color-blue-7))',
          color: 'var(--district-text, white)',
          fontFamily: 'var(--district-font, inherit)',
        }}
      >
        <Container py={48}>
          <Stack gap="xs">
            <Group gap="sm">
              <Title order={1} data-testid="district-title" style={{ color: 'inherit', fontFamily: 'inherit' }}>
                {d.title}
              </Title>
              {!d.public && (
                <Badge variant="white" radius="var(--district-radius, xl)">
                  {t('districts.private')}
                </Badge>
              )}
              {d.districtUserRole && (
                <Badge variant="outline" color="gray.0" radius="var(--district-radius, xl)">
                  {t(`districts.role.${d.districtUserRole}`)}
                </Badge>
              )}
            </Group>
            {d.subtitle && <Text size="lg">{d.subtitle}</Text>}
            <Text size="sm" opacity={0.85}>
              {t('districts.by', { name: d.owner.name ?? '' })} · {t('districts.members', { count: d.memberCount })}
            </Text>
          </Stack>
        </Container>
      </div>
      <Container py="xl">
        {d.description && <Text mb="lg">{d.description}</Text>}
        <Title order={2} size="h3" mb="md">
          {t('districts.spaces')}
        </Title>
        {/* Publishing into district slots is not built yet (issue 16), so a district holds no spaces to list. */}
        <Text c="dimmed">{t('districts.noSpaces')}</Text>
        <Anchor href={d.url.replace(`${d.subdomain}.`, '')} mt="xl" display="block">
          {t('districts.backToAtrium')}
        </Anchor>
      </Container>
    </div>
  );
}
