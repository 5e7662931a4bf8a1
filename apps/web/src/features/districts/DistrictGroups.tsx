import { useState } from 'react';
import { ActionIcon, Alert, Avatar, Badge, Button, Card, FileButton, Group, Menu, Modal, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconDots, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DistrictRole, GroupView, PublicUser } from '@atrium/shared';
import { ApiError } from '../../api/ApiError.ts';
import { msg } from '../../i18n/msg.ts';
import { UserPicker } from '../publishing/UserPicker.tsx';
import { PagedCards } from './PagedCards.tsx';
import { useCreateDistrictGroup, useDistrictGroups } from './pagesQueries.ts';
import { useAnswerInvitation, useDistrictGroupInvitations, useGroupActions, useGroupInvitations, useGroupMembers, type GroupInvitation } from './groupsQueries.ts';
import './pagesI18n.ts';
import './groupsI18n.ts';

const errorOf = (err: unknown) => (err ? (err instanceof ApiError ? err.message : msg.somethingWentWrong) : null);

function NewGroup({ districtId }: { districtId: string }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const create = useCreateDistrictGroup(districtId);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (title.trim()) create.mutate({ title: title.trim(), description: '' }, { onSuccess: () => setTitle('') });
      }}
    >
      <Group mb="md" align="end">
        <TextInput label={t('districtPages.newGroup')} placeholder={t('districtPages.groupTitle')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errorOf(create.error)} />
        <Button type="submit" loading={create.isPending} radius="var(--district-radius, sm)">
          {t('districtPages.createGroup')}
        </Button>
      </Group>
    </form>
  );
}

function RenameModal({ districtId, group, onClose }: { districtId: string; group: GroupView; onClose: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(group.title);
  const [description, setDescription] = useState(group.description);
  const { rename } = useGroupActions(districtId, group.groupId);
  return (
    <Modal opened onClose={onClose} title={t('districtGroups.renameTitle', { title: group.title })}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          rename.mutate({ title: title.trim(), description: description.trim() }, { onSuccess: onClose });
        }}
      >
        <Stack>
          <TextInput label={t('districtPages.groupTitle')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errorOf(rename.error)} data-autofocus />
          <Textarea label={t('districtPages.groupDescription')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('districtGroups.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('districtGroups.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteModal({ districtId, group, onClose }: { districtId: string; group: GroupView; onClose: () => void }) {
  const { t } = useTranslation();
  const { remove } = useGroupActions(districtId, group.groupId);
  return (
    <Modal opened onClose={onClose} title={t('districtGroups.deleteTitle', { title: group.title })}>
      <Text mb="md">{t('districtGroups.deleteText')}</Text>
      {remove.error && (
        <Alert color="red" role="alert" mb="md">
          {errorOf(remove.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('districtGroups.cancel')}
        </Button>
        <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: onClose })}>
          {t('districtGroups.delete')}
        </Button>
      </Group>
    </Modal>
  );
}

/** The group's members (remove) and invitations (invite people found by name; each one's answer). */
function MembersModal({ districtId, group, onClose }: { districtId: string; group: GroupView; onClose: () => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<PublicUser[]>([]);
  const members = useGroupMembers(group.groupId);
  const invitations = useGroupInvitations(group.groupId);
  const { invite, removeMember } = useGroupActions(districtId, group.groupId);
  return (
    <Modal opened onClose={onClose} title={t('districtGroups.membersTitle', { title: group.title })} size="lg">
      <Stack>
        <Text fw={600}>{t('districtGroups.members')}</Text>
        {members.data?.length === 0 && <Text c="dimmed">{t('districtGroups.noMembers')}</Text>}
        {members.data?.map((m) => (
          <Group key={m.userId} justify="space-between" data-testid="group-member">
            <Group gap="xs">
              <Avatar src={m.profilePicture} size={28} radius="xl" alt="" />
              <Text>{m.name}</Text>
            </Group>
            <Button size="xs" variant="subtle" color="red" onClick={() => removeMember.mutate(m.userId)} aria-label={t('districtGroups.removeMember', { name: m.name ?? '' })}>
              {t('districtGroups.remove')}
            </Button>
          </Group>
        ))}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen.length) invite.mutate(chosen.map((u) => u.userId), { onSuccess: () => setChosen([]) });
          }}
        >
          <Stack gap="xs">
            <UserPicker label={t('districtGroups.invitePeople')} value={chosen} onChange={setChosen} />
            {invite.error && (
              <Alert color="red" role="alert">
                {errorOf(invite.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" disabled={!chosen.length} loading={invite.isPending}>
                {t('districtGroups.invite')}
              </Button>
            </Group>
          </Stack>
        </form>
        <Text fw={600}>{t('districtGroups.invitations')}</Text>
        {invitations.data?.length === 0 && <Text c="dimmed">{t('districtGroups.noInvitations')}</Text>}
        {invitations.data?.map((i) => (
          <Group key={i.invitationId} justify="space-between" data-testid="group-invitation">
            <Text>{i.name}</Text>
            <InvitationStatus status={i.status} />
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}

function InvitationStatus({ status }: { status: GroupInvitation['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={status === 'accepted' ? 'green' : status === 'refused' ? 'red' : 'gray'}>
      {t(`districtGroups.status.${status}`)}
    </Badge>
  );
}

function GroupCard({ districtId, group, owner }: { districtId: string; group: GroupView; owner: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'rename' | 'delete' | 'members' | null>(null);
  const { image } = useGroupActions(districtId, group.groupId);
  return (
    <Card withBorder radius="md" data-testid="district-group">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={group.photo} size={48} radius="md" alt="">
          <IconUsersGroup size={24} aria-hidden />
        </Avatar>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{group.title}</Text>
          {group.description && <Text size="sm">{group.description}</Text>}
          <Text size="xs" c="dimmed">
            {t('districtPages.groupMembers', { count: group.memberCount })}
          </Text>
          {image.error && (
            <Text size="xs" c="red" role="alert">
              {errorOf(image.error)}
            </Text>
          )}
        </Stack>
        {owner && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={t('districtGroups.actions', { title: group.title })}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setOpen('members')}>{t('districtGroups.manageMembers')}</Menu.Item>
              <Menu.Item onClick={() => setOpen('rename')}>{t('districtGroups.rename')}</Menu.Item>
              <FileButton onChange={(f) => f && image.mutate(f)} accept="image/jpeg,image/png,image/webp">
                {(props) => (
                  <Menu.Item {...props} closeMenuOnClick={false}>
                    {t('districtGroups.changeImage')}
                  </Menu.Item>
                )}
              </FileButton>
              {group.photo && <Menu.Item onClick={() => image.mutate(null)}>{t('districtGroups.removeImage')}</Menu.Item>}
              <Menu.Item color="red" onClick={() => setOpen('delete')}>
                {t('districtGroups.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {open === 'rename' && <RenameModal districtId={districtId} group={group} onClose={() => setOpen(null)} />}
      {open === 'delete' && <DeleteModal districtId={districtId} group={group} onClose={() => setOpen(null)} />}
      {open === 'members' && <MembersModal districtId={districtId} group={group} onClose={() => setOpen(null)} />}
    </Card>
  );
}

function AllGroups({ districtId, role }: { districtId: string; role: DistrictRole | null }) {
  const { t } = useTranslation();
  const query = useDistrictGroups(districtId);
  return (
    <>
      {role === 'Owner' && <NewGroup districtId={districtId} />}
      <PagedCards query={query} items={query.data?.pages.flat() ?? []} empty={t('districtPages.empty.groups')}>
        {(groups) => (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="district-groups">
            {groups.map((g) => (
              <GroupCard key={g.groupId} districtId={districtId} group={g} owner={role === 'Owner'} />
            ))}
          </SimpleGrid>
        )}
      </PagedCards>
    </>
  );
}

/** Groups → Invitations: the Owner sees every invitation and its answer; anyone else answers their own. */
function Invitations({ districtId, role, signedIn }: { districtId: string; role: DistrictRole | null; signedIn: boolean }) {
  const { t } = useTranslation();
  const list = useDistrictGroupInvitations(districtId, signedIn);
  if (!signedIn) return <Text c="dimmed" ta="center" py="xl">{t('districtGroups.signInForInvitations')}</Text>;
  const rows = list.data ?? [];
  if (list.isSuccess && rows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="district-empty">
        {t(role === 'Owner' ? 'districtGroups.noInvitations' : 'districtGroups.noInvitationsForYou')}
      </Text>
    );
  if (role === 'Owner')
    return (
      <Table data-testid="district-group-invitations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('districtGroups.group')}</Table.Th>
            <Table.Th>{t('districtGroups.person')}</Table.Th>
            <Table.Th>{t('districtGroups.statusLabel')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((i) => (
            <Table.Tr key={i.invitationId}>
              <Table.Td>{i.groupTitle}</Table.Td>
              <Table.Td>{i.name}</Table.Td>
              <Table.Td>
                <InvitationStatus status={i.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  return <AnswerInvitations rows={rows} />;
}

/** Pending invitations, each with Accept and Refuse (Groups → Invitations, and a private district's no-access page). */
export function AnswerInvitations({ rows }: { rows: GroupInvitation[] }) {
  const { t } = useTranslation();
  const answer = useAnswerInvitation();
  return (
    <Stack data-testid="district-group-invitations" w="100%">
      {answer.error && (
        <Alert color="red" role="alert">
          {errorOf(answer.error)}
        </Alert>
      )}
      {rows.map((i) => (
        <Card key={i.invitationId} withBorder radius="md">
          <Group justify="space-between">
            <Group gap="sm">
              <Avatar src={i.groupPhoto} radius="md" alt="">
                <IconUsersGroup size={20} aria-hidden />
              </Avatar>
              <Text>{t('districtGroups.invitedBy', { group: i.groupTitle, name: i.inviterName ?? '' })}</Text>
            </Group>
            <Group gap="xs">
              <Button size="xs" variant="default" loading={answer.isPending} onClick={() => answer.mutate({ id: i.invitationId, accept: false })}>
                {t('districtGroups.refuse')}
              </Button>
              <Button size="xs" loading={answer.isPending} onClick={() => answer.mutate({ id: i.invitationId, accept: true })}>
                {t('districtGroups.accept')}
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

export const GROUP_PAGES = ['all', 'invitations'] as const;

/** District → Groups (spec §2): All groups (the Owner creates, renames, illustrates, fills and deletes them) and Invitations. */
export function DistrictGroups({ districtId, role, sub, signedIn }: { districtId: string; role: DistrictRole | null; sub: string; signedIn: boolean }) {
  return sub === 'invitations' ? <Invitations districtId={districtId} role={role} signedIn={signedIn} /> : <AllGroups districtId={districtId} role={role} />;
}
