import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { GROUP_LIMITS, type PublicUser } from '@atrium/shared';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/Checkbox.css';
import { ApiError } from '../../api/ApiError.ts';
import { useCreateGroup, useMyGroups } from './queries.ts';

/**
 * Picks the owner's groups for a privacy or communication list (spec §3 groupPrivacyACL /
 * groupCommunicationACL). The people picked by name just above can be saved as a new group here.
 */
export function GroupPicker({
  value,
  onChange,
  people,
  label,
}: {
  value: string[];
  onChange: (groupIds: string[]) => void;
  people: PublicUser[];
  label: string;
}) {
  const { t } = useTranslation();
  const groups = useMyGroups(true);
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
          {(groups.data ?? []).map((g) => (
            <Checkbox key={g.groupId} value={g.groupId} label={t('publishing.wizard.groupOption', { title: g.title, count: g.memberCount })} />
          ))}
          {groups.data?.length === 0 && (
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
