import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Container,
  Group,
  Loader,
  NumberInput,
  Select,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ASSIGNABLE_DISTRICT_ROLES, DISTRICT_LIMITS, type AssignableDistrictRole } from '@atrium/shared/districts/rules';
import type { DistrictMember } from '@atrium/shared/districts/schema';
import { api, call } from '../../api/client.ts';
import { ApiError } from '../../api/ApiError.ts';
import { msg } from '../../i18n/msg.ts';
import { notify } from '../../notify.ts';
import { OwnerDistrictGate } from './OwnerDistrictGate.tsx';
import { districtKeys } from './queries.ts';
import './i18n.ts';

const membersKey = (id: string) => [...districtKeys.all, 'members', id] as const;
const invitationsKey = (id: string) => [...districtKeys.all, 'invitations', id] as const;
const errorText = (err: unknown) => (err instanceof ApiError ? err.message : msg.somethingWentWrong);

/** Spec §2 district page, Members (All members, Invitations): the Owner manages roles, allocated spaces and invitations. */
export default function MembersPage() {
  const { t } = useTranslation();
  return (
    <OwnerDistrictGate>
      {(district) => (
        <Container py="xl">
          <Title order={1} mb="lg">
            {district.title} · {t('districts.members.title')}
          </Title>
          <MemberTabs districtId={district.districtId} />
        </Container>
      )}
    </OwnerDistrictGate>
  );
}

function MemberTabs({ districtId }: { districtId: string }) {
  const { t } = useTranslation();
  const { tab = 'all' } = useParams();
  const navigate = useNavigate();
  return (
    <Tabs
      value={tab === 'invitations' ? 'invitations' : 'all'}
      onChange={(v) => void navigate(`/members/${v ?? 'all'}`)}
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="all">{t('districts.members.all')}</Tabs.Tab>
        <Tabs.Tab value="invitations">{t('districts.members.invitations')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="all">{tab !== 'invitations' && <MemberTable districtId={districtId} />}</Tabs.Panel>
      <Tabs.Panel value="invitations">
        {tab === 'invitations' && <Invitations districtId={districtId} />}
      </Tabs.Panel>
    </Tabs>
  );
}

function MemberTable({ districtId }: { districtId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const members = useQuery({
    queryKey: membersKey(districtId),
    queryFn: () => call(api.GET('/api/district/{id}/members', { params: { path: { id: districtId } } })),
  });
  const change = useMutation({
    mutationFn: (v: { userId: string; role?: AssignableDistrictRole; allocatedSlots?: number }) =>
      call(
        api.PATCH('/api/district/{id}/member/{userId}', {
          params: { path: { id: districtId, userId: v.userId } },
          body: {
            ...(v.role ? { role: v.role } : {}),
            ...(v.allocatedSlots !== undefined ? { allocatedSlots: v.allocatedSlots } : {}),
          },
        }),
      ),
    onSuccess: (rows) => {
      qc.setQueryData(membersKey(districtId), rows);
      notify.success(t('districts.members.saved'));
    },
    onError: (err) => notify.error(errorText(err)),
  });
  const remove = useMutation({
    mutationFn: (userId: string) =>
      call(
        api.DELETE('/api/district/{id}/member/{userId}', { params: { path: { id: districtId, userId } } }),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: membersKey(districtId) }),
    onError: (err) => notify.error(errorText(err)),
  });
  if (members.isPending) return <Loader />;
  if (members.isError) return <Text c="red">{errorText(members.error)}</Text>;
  return (
    <Table data-testid="district-members">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('districts.members.name')}</Table.Th>
          <Table.Th>{t('districts.members.email')}</Table.Th>
          <Table.Th>{t('districts.members.roleLabel')}</Table.Th>
          <Table.Th>{t('districts.members.slots')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.data.map((m: DistrictMember) => (
          <Table.Tr key={m.userId}>
            <Table.Td>{m.name}</Table.Td>
            <Table.Td>{m.email}</Table.Td>
            <Table.Td>
              {m.role === 'Owner' ? (
                t('districts.role.Owner')
              ) : (
                <Select
                  aria-label={t('districts.members.roleLabel')}
                  data={ASSIGNABLE_DISTRICT_ROLES.map((r) => ({ value: r, label: t(`districts.role.${r}`) }))}
                  value={m.role}
                  allowDeselect={false}
                  onChange={(v) =>
                    v &&
                    v !== m.role &&
                    change.mutate({ userId: m.userId, role: v as AssignableDistrictRole })
                  }
                  w={140}
                />
              )}
            </Table.Td>
            <Table.Td>
              {m.role === 'Owner' ? null : (
                <NumberInput
                  aria-label={t('districts.members.slots')}
                  value={m.allocatedSlots}
                  min={0}
                  max={DISTRICT_LIMITS.allocatedSlotsMax}
                  clampBehavior="strict"
                  allowDecimal={false}
                  allowNegative={false}
                  onBlur={(e) => {
                    const n = Number(e.currentTarget.value);
                    if (Number.isInteger(n) && n !== m.allocatedSlots)
                      change.mutate({ userId: m.userId, allocatedSlots: n });
                  }}
                  w={100}
                />
              )}
            </Table.Td>
            <Table.Td>
              {m.role !== 'Owner' && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('districts.members.remove')}
                  onClick={() =>
                    window.confirm(t('districts.members.removeConfirm', { name: m.name ?? '' })) &&
                    remove.mutate(m.userId)
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Invitations({ districtId }: { districtId: string }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableDistrictRole>('Guest');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const list = useQuery({
    queryKey: invitationsKey(districtId),
    queryFn: () => call(api.GET('/api/district/{id}/invitations', { params: { path: { id: districtId } } })),
  });
  const invite = useMutation({
    mutationFn: () =>
      call(
        api.POST('/api/district/{id}/invite', {
          params: { path: { id: districtId } },
          body: { email: email.trim(), role },
        }),
      ),
    onSuccess: (inv) => {
      notify.success(t('districts.members.invited', { email: inv.email }));
      setEmail('');
      setFieldError(null);
      void qc.invalidateQueries({ queryKey: invitationsKey(districtId) });
    },
    onError: (err) =>
      setFieldError(
        err instanceof ApiError ? (err.fieldErrors().email ?? err.message) : msg.somethingWentWrong,
      ),
  });
  const now = Date.now();
  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate();
        }}
      >
        <Group align="flex-start" mb="lg">
          <TextInput
            label={t('districts.members.inviteEmail')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldError}
            w={320}
          />
          <Select
            label={t('districts.members.roleLabel')}
            data={ASSIGNABLE_DISTRICT_ROLES.map((r) => ({ value: r, label: t(`districts.role.${r}`) }))}
            value={role}
            allowDeselect={false}
            onChange={(v) => v && setRole(v as AssignableDistrictRole)}
            w={160}
          />
          <Button type="submit" mt={25} loading={invite.isPending}>
            {t('districts.members.invite')}
          </Button>
        </Group>
      </form>
      {list.isPending ? (
        <Loader />
      ) : list.isError ? (
        <Text c="red">{errorText(list.error)}</Text>
      ) : list.data.length === 0 ? (
        <Text c="dimmed">{t('districts.members.noInvitations')}</Text>
      ) : (
        <Table data-testid="district-invitations">
          <Table.Tbody>
            {list.data.map((inv) => (
              <Table.Tr key={inv.invitationId}>
                <Table.Td>{inv.email}</Table.Td>
                <Table.Td>{t(`districts.role.${inv.role}`)}</Table.Td>
                <Table.Td>
                  {inv.acceptedAt
                    ? t('districts.members.accepted')
                    : Date.parse(inv.expiresAt) <= now
                      ? t('districts.members.expired')
                      : t('districts.members.pending', {
                          date: new Date(inv.expiresAt).toLocaleDateString(i18n.language),
                        })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
