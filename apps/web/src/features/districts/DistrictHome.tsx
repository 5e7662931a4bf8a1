import { useEffect, type CSSProperties } from 'react';
import { Anchor, Badge, Center, Container, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import type { DistrictStyles } from '@atrium/shared';
import { msg } from '../../i18n/msg.ts';
import { ApiError } from '../../api/ApiError.ts';
import { useSession } from '../../auth/useSession.ts';
import { useDistrictInfo } from './queries.ts';
import { currentDistrictSubdomain } from './currentDistrict.ts';
import { DistrictNoAccess } from './DistrictNoAccess.tsx';
import { DistrictCategories, categoryOf } from './DistrictCategories.tsx';
import { FollowDistrictButton } from './FollowDistrictButton.tsx';
import { PromotedOnHome } from './SpaceRequests.tsx';
import { applyDistrictTheme, themeVariables } from './districtTheme.ts';
import './i18n.ts';

/** The district's Appearance (spec §2 Settings) as CSS variables its page (and Mantine) reads. */
export function themeStyle(styles: DistrictStyles): CSSProperties {
  return themeVariables(styles) as CSSProperties;
}

/**
 * The home of `{subdomain}.{public host}` and its `/{category}/{subcategory}` pages (spec §2 District
 * page): cover, logo, title, follow, the Promoted spaces (on the home itself), then Spaces (Published,
 * Drafts, Hosting Requests, Promoted, Promotion Requests, Promotion Settings), Library and Groups.
 */
export default function DistrictHome() {
  const { t } = useTranslation();
  const params = useParams();
  const { pathname } = useLocation();
  const subdomain = currentDistrictSubdomain() ?? '';
  const session = useSession();
  const info = useDistrictInfo(subdomain);
  // Settings saved here re-theme the whole page at once (the layout applied the theme it loaded).
  const styles = info.data?.styles;
  useEffect(() => {
    if (styles) applyDistrictTheme(styles);
  }, [styles]);
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
  const { category, sub } = categoryOf(pathname.split('/')[1], params.subcategory);
  const signedIn = session.status === 'signed-in';
  return (
    <div style={themeStyle(d.styles)} data-testid="district-home">
      <div
        style={{
          background: d.coverPhoto
            ? `center / cover no-repeat url("${d.coverPhoto}"), var(--district-theme, var(--mantine-color-blue-7))`
            : 'var(--district-theme, var(--mantine-color-blue-7))',
          color: 'var(--district-text, white)',
          fontFamily: 'var(--district-font, inherit)',
        }}
        data-testid="district-banner"
      >
        <div style={{ background: d.coverPhoto ? 'linear-gradient(transparent, rgba(0,0,0,0.55))' : undefined }}>
          <Container py={48}>
            <Group gap="lg" align="center" wrap="nowrap">
              {d.photo && (
                <Image
                  src={d.photo}
                  alt={t('districtPages.logoAlt', { title: d.title })}
                  h="var(--district-logo-height, 72px)"
                  w="auto"
                  radius="md"
                  data-testid="district-logo"
                />
              )}
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
                <FollowDistrictButton districtId={d.districtId} canFollow={signedIn && d.districtUserRole !== 'Owner'} />
              </Stack>
            </Group>
          </Container>
        </div>
      </div>
      <Container py="xl">
        {d.description && <Text mb="lg">{d.description}</Text>}
        {pathname === '/' && <PromotedOnHome districtId={d.districtId} viewerId={session.user?.userId ?? null} />}
        <DistrictCategories
          districtId={d.districtId}
          role={d.districtUserRole}
          viewerId={session.user?.userId ?? null}
          category={category}
          sub={sub}
        />
        <Anchor href={d.url.replace(`${d.subdomain}.`, '')} mt="xl" display="block">
          {t('districts.backToAtrium')}
        </Anchor>
      </Container>
    </div>
  );
}
