import { useState, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DistrictRequestKind, DistrictRequestView } from '@atrium/shared/districts/requests';
import type { DistrictRole } from '@atrium/shared/districts/rules';
import type { SceneCard } from '@atrium/shared/publishing/schema';
import { ApiError } from '../../api/ApiError.ts';
import { msg } from '../../i18n/msg.ts';
import { relativeTime } from '../../i18n/format.ts';
import { notify } from '../../notify.ts';
import { SpaceCard } from '../publishing/SpaceCard.tsx';
import { SpaceGrid } from '../publishing/SpaceGrid.tsx';
import {
  useAnswerRequest,
  useAskDistrict,
  useDistrictRequests,
  useEndRequest,
  useMyDistrictRequests,
  useMyPublishedSpaces,
  usePromoted,
  usePromotionSettings,
} from './requestsQueries.ts';
import { PagedCards } from './PagedCards.tsx';
import './requestsI18n.ts';

/** Spaces sub-pages of this file (spec §2 District page), after Published and Drafts. */
export const REQUEST_PAGES = [
  'hosting-requests',
  'promoted',
  'promotion-requests',
  'promotion-settings',
] as const;
export type RequestPage = (typeof REQUEST_PAGES)[number];

/** Which of them a visitor sees: Promoted for all, requests for the signed in, settings for the Owner. */
export function requestPagesFor(role: DistrictRole | null, signedIn: boolean): RequestPage[] {
  return REQUEST_PAGES.filter(
    (p) => p === 'promoted' || (signedIn && (p !== 'promotion-settings' || role === 'Owner')),
  );
}

const failed = (err: unknown) => notify.error(err instanceof ApiError ? err.message : msg.somethingWentWrong);

function StatusBadge({ status }: { status: DistrictRequestView['status'] }) {
  const { t } = useTranslation();
  const color = status === 'accepted' ? 'green' : status === 'refused' ? 'red' : 'yellow';
  return (
    <Badge color={color} variant="light" data-testid="request-status">
      {t(`districtRequests.status.${status}`)}
    </Badge>
  );
}

/** One request: the space as the reader may see it, who asked and when, and the actions given. */
function RequestCard({ r, children }: { r: DistrictRequestView; children?: ReactNode }) {
  const { t } = useTranslation();
  const cover = r.space?.coverPhotoUri ?? r.space?.thumbnailUri ?? null;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="district-request" data-scene-id={r.sceneId}>
      <Card.Section>
        {cover ? (
          <Image src={cover} alt="" h={140} fit="cover" />
        ) : (
          <div
            style={{
              height: 140,
              background: 'linear-gradient(135deg, var(--mantine-color-gray-2), var(--mantine-color-gray-0))',
            }}
          />
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          {r.space ? (
            <Anchor component={Link} to={`/viewer/${r.sceneId}`} fw={600} lineClamp={1}>
              {r.space.title}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {t('districtRequests.hiddenSpace')}
            </Text>
          )}
          <StatusBadge status={r.status} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('districtRequests.askedBy', { name: r.requester.name, when: relativeTime(r.createdAt) })}
        </Text>
        {children && <Group gap="xs">{children}</Group>}
      </Stack>
    </Card>
  );
}

/** The Owner's list of one kind: waiting requests to accept or refuse, or accepted ones to end. */
function OwnerRequests({ districtId, kind }: { districtId: string; kind: DistrictRequestKind }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'pending' | 'accepted'>('pending');
  const query = useDistrictRequests(districtId, kind, status);
  const answer = useAnswerRequest(districtId, kind);
  const end = useEndRequest(districtId, kind);
  const items = query.data?.pages.flat() ?? [];
  const decide = (requestId: string, decision: 'accept' | 'refuse') =>
    answer.mutate(
      { requestId, decision },
      { onSuccess: () => notify.success(t(`districtRequests.answered.${decision}`)), onError: failed },
    );
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={status}
        onChange={(v) => setStatus(v as 'pending' | 'accepted')}
        data={(['pending', 'accepted'] as const).map((s) => ({
          value: s,
          label: t(`districtRequests.lists.${s}`),
        }))}
        w="fit-content"
        radius="var(--district-radius, xl)"
        data-testid="request-lists"
      />
      <PagedCards query={query} items={items} empty={t(`districtRequests.empty.${status}.${kind}`)}>
        {(list) => (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="district-requests">
            {list.map((r) => (
              <RequestCard key={r.requestId} r={r}>
                {status === 'pending' ? (
                  (['accept', 'refuse'] as const).map((d) => (
                    <Button
                      key={d}
                      size="xs"
                      variant={d === 'accept' ? 'filled' : 'default'}
                      radius="var(--district-radius, sm)"
                      onClick={() => decide(r.requestId, d)}
                      disabled={answer.isPending}
                    >
                      {t(`districtRequests.${d}`)}
                    </Button>
                  ))
                ) : (
                  <Button
                    size="xs"
                    variant="default"
                    radius="var(--district-radius, sm)"
                    onClick={() => end.mutate(r.sceneId, { onError: failed })}
                    disabled={end.isPending}
                  >
                    {t(`districtRequests.stop.${kind}`)}
                  </Button>
                )}
              </RequestCard>
            ))}
          </SimpleGrid>
        )}
      </PagedCards>
    </Stack>
  );
}

/** A space picker and a send button; the Owner's own request is accepted at once. */
function AskForm({
  districtId,
  kind,
  options,
  isOwner,
}: {
  districtId: string;
  kind: DistrictRequestKind;
  options: SceneCard[];
  isOwner: boolean;
}) {
  const { t } = useTranslation();
  const [sceneId, setSceneId] = useState<string | null>(null);
  const ask = useAskDistrict(districtId, kind);
  const label = t(
    `districtRequests.ask.${isOwner ? (kind === 'hosting' ? 'ownHosting' : 'ownPromotion') : kind}`,
  );
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={600} mb="xs">
        {label}
      </Text>
      {options.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="ask-none">
          {t(kind === 'hosting' ? 'districtRequests.ask.noneToHost' : 'districtRequests.ask.noneToPromote')}
        </Text>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!sceneId) return;
            ask.mutate(sceneId, {
              onSuccess: () => {
                setSceneId(null);
                notify.success(t(isOwner ? 'districtRequests.ask.done' : 'districtRequests.ask.sent'));
              },
              onError: failed,
            });
          }}
        >
          <Group align="end">
            <Select
              label={t('districtRequests.ask.space')}
              placeholder={t('districtRequests.ask.pick')}
              data={options.map((s) => ({ value: s.sceneId, label: s.title }))}
              value={sceneId}
              onChange={setSceneId}
              searchable
              w={280}
              data-testid={`ask-${kind}-space`}
            />
            <Button
              type="submit"
              disabled={!sceneId}
              loading={ask.isPending}
              radius="var(--district-radius, sm)"
            >
              {t(isOwner ? 'districtRequests.ask.add' : 'districtRequests.ask.send')}
            </Button>
          </Group>
        </form>
      )}
    </Card>
  );
}

/** The visitor's own requests to the district, with a way to withdraw each (or end it once accepted). */
function MyRequests({ districtId, kind }: { districtId: string; kind: DistrictRequestKind }) {
  const { t } = useTranslation();
  const mine = useMyDistrictRequests(districtId, kind, true);
  const end = useEndRequest(districtId, kind);
  if (!mine.data?.length) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('districtRequests.mine')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="my-district-requests">
        {mine.data.map((r) => (
          <RequestCard key={r.requestId} r={r}>
            <Button
              size="xs"
              variant="default"
              radius="var(--district-radius, sm)"
              onClick={() => end.mutate(r.sceneId, { onError: failed })}
              disabled={end.isPending}
            >
              {r.status === 'accepted' ? t(`districtRequests.stop.${kind}`) : t('districtRequests.withdraw')}
            </Button>
          </RequestCard>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Hosting Requests / Promotion Requests: the Owner answers others' requests and places their own
 * spaces directly; everyone else asks, with the spaces they may offer (their published spaces not yet
 * in the district for hosting, the ones the district shows for promotion), and follows their requests.
 */
export function DistrictRequestsPage({
  districtId,
  kind,
  role,
  viewerId,
}: {
  districtId: string;
  kind: DistrictRequestKind;
  role: DistrictRole | null;
  viewerId: string | null;
}) {
  const { t } = useTranslation();
  const isOwner = role === 'Owner';
  const spaces = useMyPublishedSpaces(viewerId !== null);
  const mine = useMyDistrictRequests(districtId, kind, viewerId !== null && !isOwner);
  const settings = usePromotionSettings(districtId);
  if (!viewerId)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('districtRequests.ask.signIn')}
      </Text>
    );
  const inDistrict = (s: SceneCard) =>
    s.districtId === districtId ||
    s.publishedPublicDistricts.includes(districtId) ||
    s.publishedPrivateDistricts.includes(districtId);
  const asked = new Set((mine.data ?? []).filter((r) => r.status !== 'refused').map((r) => r.sceneId));
  const options = (spaces.data ?? []).filter(
    (s) => (kind === 'hosting' ? !inDistrict(s) : inDistrict(s)) && !asked.has(s.sceneId),
  );
  const closed = kind === 'promotion' && !isOwner && settings.data?.promotionRequestsOpen === false;
  return (
    <Stack gap="lg">
      {closed ? (
        <Text c="dimmed" data-testid="promotion-closed">
          {t('districtRequests.ask.closed')}
        </Text>
      ) : (
        !spaces.isPending && (
          <AskForm districtId={districtId} kind={kind} options={options} isOwner={isOwner} />
        )
      )}
      {isOwner ? (
        <OwnerRequests districtId={districtId} kind={kind} />
      ) : (
        <MyRequests districtId={districtId} kind={kind} />
      )}
    </Stack>
  );
}

/** Promoted: every promoted space the visitor may read, by infinite scroll. */
export function PromotedPage({ districtId, viewerId }: { districtId: string; viewerId: string | null }) {
  const { t } = useTranslation();
  return (
    <SpaceGrid
      query={usePromoted(districtId)}
      viewerId={viewerId}
      empty={t('districtRequests.empty.promoted')}
    />
  );
}

/** The district home's Promoted section: the first `promotedOnHome` promoted spaces, hidden when none. */
export function PromotedOnHome({ districtId, viewerId }: { districtId: string; viewerId: string | null }) {
  const { t } = useTranslation();
  const settings = usePromotionSettings(districtId);
  const count = settings.data?.promotedOnHome ?? 0;
  const promoted = usePromoted(districtId, Math.max(1, count));
  const cards = (promoted.data?.pages[0] ?? []).slice(0, count);
  if (!count || cards.length === 0) return null;
  return (
    <Stack gap="sm" mb="xl" data-testid="district-promoted-home">
      <Title order={2} size="h3">
        {t('districtRequests.tabs.promoted')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {cards.map((c) => (
          <SpaceCard key={c.sceneId} card={c} isOwner={viewerId !== null && c.ownerId === viewerId} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
