import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { GROUP_LIMITS } from '@atrium/shared/constants';
import type { PublicUser } from '@atrium/shared/users/schema';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/Checkbox.css';
import { ApiError } from '../../api/ApiError.ts';
import { useCreateGroup, useDistrictGroupsOf, useMyGroups } from './queries.ts';

/**
 * Picks the owner's groups for a privacy or communication list (spec §3 groupPrivacyACL /
 * groupCommunicationACL), and when publishing into a district slot that district's groups too (the
 * server lets its Owner and Creators use them). The people picked by name just above can be saved as
 * a new group here.
 */
export function GroupPicker({
  value,
  onChange,
  people,
  label,
  districtId,
}: {
  value: string[];
  onChange: (groupIds: string[]) => void;
  people: PublicUser[];
  label: string;
  /** The district of the chosen slot, if any. */
  districtId?: string | null;
}) {
  const { t } = useTranslation();
  const mine = useMyGroups(true);
  const ofDistrict = useDistrictGroupsOf(districtId ?? null);
  const groups = mine.data && [...mine.data, ...(ofDistrict.data ?? []).filter((g) => !mine.data!.some((m) => m.groupId === g.groupId))];
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      const g = await create.mutateAsync({ title: name.trim(), userIds: people.map((p) => p.userId) });
      onChange([...value, g.groupId]);
      setName('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };
  return (
    <Stack gap="xs">
      <Checkbox.Group label={label} value={value} onChange={onChange}>
        <Stack gap={6} mt={6}>
          {(groups ?? []).map((g) => (
            <Checkbox key={g.groupId} value={g.groupId} label={t('publishing.wizard.groupOption', { title: g.title, count: g.memberCount })} />
          ))}
          {groups?.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('publishing.wizard.noGroups')}
            </Text>
          )}
        </Stack>
      </Checkbox.Group>
      {people.length > 0 && (
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('publishing.wizard.saveAsGroup', { count: people.length })}
            placeholder={t('publishing.wizard.groupName')}
            value={name}
            maxLength={GROUP_LIMITS.titleMax}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          />
          <Button variant="default" onClick={() => void save()} disabled={name.trim() === ''} loading={create.isPending}>
            {t('publishing.wizard.createGroup')}
          </Button>
        </Group>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
