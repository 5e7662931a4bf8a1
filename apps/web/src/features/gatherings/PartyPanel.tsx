import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PARTY_LIMITS } from '@atrium/shared/parties/index';
import { useSession } from '../../auth/useSession.ts';
import { useRealtime } from '../realtime/store.ts';
import type { PanelProps } from '../viewer/panels/registry.ts';
import { useMyParty, usePartyActions, usePartyInvitations, type Party } from './queries.ts';
import { PartyChat } from './PartyChat.tsx';
import './i18n.ts';

type Member = Party['members'][number];

function Person({
  name,
  picture,
  children,
}: {
  name: string | null;
  picture: string | null;
  children?: React.ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar src={picture} name={name ?? ''} color="initials" size="sm" />
        <Text size="sm" fw={600} truncate>
          {name}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        {children}
      </Group>
    </Group>
  );
}

/**
 * Spec §3 party and party invitation: start a party, invite people in your instance, answer
 * invitations, see where members are and join them; the leader removes members. When the leader
 * enters another space or instance, the others follow (GatheringsBridge).
 */
export default function PartyPanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const rt = useRealtime();
  const signedIn = !!session.user;
  const party = useMyParty(signedIn);
  const invitations = usePartyInvitations(signedIn);
  const act = usePartyActions();
  if (!signedIn) return <Text size="sm">{t('gatherings.party.signIn')}</Text>;
  const me = session.user!.userId;
  const p = party.data ?? null;
  const leader = p?.leaderId === me;
  const taken = new Set([
    ...(p?.members.map((m) => m.userId) ?? []),
    ...(p?.invited.map((i) => i.userId) ?? []),
    me,
  ]);
  const invitable = (rt?.visitors ?? []).filter((v) => !taken.has(v.userId));
  const full = (p?.members.length ?? 0) >= PARTY_LIMITS.maxMembers;

  const where = (m: Member) => {
    if (m.userId === me) return null;
    if (!m.where)
      return (
        <Text size="xs" c="dimmed">
          {t('gatherings.party.offline')}
        </Text>
      );
    if (m.where.instanceId === rt?.instanceId)
      return (
        <Text size="xs" c="dimmed">
          {t('gatherings.party.hereWithYou')}
        </Text>
      );
    const go = m.where;
    return (
      <>
        <Text size="xs" c="dimmed">
          {go.sceneId === ctx.sceneId ? t('gatherings.party.inThisSpace') : t('gatherings.party.elsewhere')}
        </Text>
        {!ctx.embedded && (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() =>
              void navigate(
                `/viewer/${encodeURIComponent(go.sceneId)}?instance=${encodeURIComponent(go.instanceId)}`,
              )
            }
          >
            {t('gatherings.party.join')}
          </Button>
        )}
      </>
    );
  };

  return (
    <Stack gap="md" data-testid="party-panel">
      {(invitations.data ?? []).length > 0 && (
        <Stack gap="xs">
          <Text size="sm" fw={700}>
            {t('gatherings.party.invitations')}
          </Text>
          {invitations.data!.map((inv) => (
            <Card key={inv.invitationId} withBorder padding="xs" radius="md" data-testid="party-invitation">
              <Stack gap={6}>
                <Text size="sm">
                  {t('gatherings.party.invitationFrom', {
                    name: inv.from.name ?? t('gatherings.party.someone'),
                    count: inv.memberCount,
                  })}
                </Text>
                <Group gap={6}>
                  <Button
                    size="compact-xs"
                    loading={act.accept.isPending}
                    onClick={() => act.accept.mutate(inv.invitationId)}
                  >
                    {t('gatherings.party.accept')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() => act.dismiss.mutate(inv.invitationId)}
                  >
                    {t('gatherings.party.decline')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}

      {p ? (
        <Stack gap="xs">
          <Text size="sm" fw={700}>
            {t('gatherings.party.label')} · {p.members.length}/{PARTY_LIMITS.maxMembers}
          </Text>
          {p.members.map((m) => (
            <div key={m.userId} data-testid="party-member">
              <Person
                name={m.userId === me ? `${m.name ?? ''} (${t('gatherings.party.you')})` : m.name}
                picture={m.profilePicture}
              >
                {m.userId === p.leaderId && (
                  <Badge size="xs" variant="light" leftSection={<IconCrown size={10} />}>
                    {t('gatherings.party.leader')}
                  </Badge>
                )}
                {where(m)}
                {leader && m.userId !== me && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => act.remove.mutate({ partyId: p.partyId, userId: m.userId })}
                  >
                    {t('gatherings.party.remove')}
                  </Button>
                )}
              </Person>
            </div>
          ))}
          {p.invited.map((i) => (
            <Person key={i.invitationId} name={i.name} picture={i.profilePicture}>
              <Badge size="xs" variant="outline" color="gray">
                {t('gatherings.party.invited')}
              </Badge>
              <Button size="compact-xs" variant="subtle" onClick={() => act.dismiss.mutate(i.invitationId)}>
                {t('gatherings.party.withdraw')}
              </Button>
            </Person>
          ))}
          <Button size="xs" variant="default" color="red" onClick={() => act.leave.mutate(p.partyId)}>
            {t('gatherings.party.leave')}
          </Button>
          <PartyChat partyId={p.partyId} />
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('gatherings.party.intro')}
          </Text>
          <Button variant="light" loading={act.start.isPending} onClick={() => act.start.mutate()}>
            {t('gatherings.party.start')}
          </Button>
        </Stack>
      )}

      <Stack gap="xs">
        <Text size="sm" fw={700}>
          {t('gatherings.party.inviteHere')}
        </Text>
        {full ? (
          <Text size="xs" c="dimmed">
            {t('gatherings.party.full', { count: PARTY_LIMITS.maxMembers })}
          </Text>
        ) : invitable.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('gatherings.party.nobodyToInvite')}
          </Text>
        ) : (
          invitable.map((v) => (
            <div key={v.userId} data-testid="party-invitable">
              <Person name={v.name} picture={v.profilePicture}>
                <Button size="compact-xs" variant="light" onClick={() => act.invite.mutate(v.userId)}>
                  {t('gatherings.party.invite')}
                </Button>
              </Person>
            </div>
          ))
        )}
      </Stack>
    </Stack>
  );
}
