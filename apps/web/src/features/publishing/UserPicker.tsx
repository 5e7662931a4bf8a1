import { Avatar, CloseButton, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { PublicUser } from '@atrium/shared';
import { useTranslation } from 'react-i18next';
import { useUserSearch } from '../profile/useUserSearch.ts';

/** Picks people for a privacy or communication list: search by name, add, remove. */
export function UserPicker({
  value,
  onChange,
  disabled,
  label,
}: {
  value: PublicUser[];
  onChange: (users: PublicUser[]) => void;
  disabled?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const { text, setText, query: q, found } = useUserSearch({ ipp: 8, minLength: 2, enabled: !disabled });
  const options = (found.data ?? []).filter((u) => !value.some((v) => v.userId === u.userId));
  return (
    <Stack gap="xs">
      <TextInput
        label={label}
        placeholder={t('publishing.wizard.chooseUsers')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        disabled={disabled}
      />
      {options.length > 0 && q.length >= 2 && (
        <Paper withBorder p={4}>
          {options.map((u) => (
            <UnstyledButton
              key={u.userId}
              w="100%"
              p={6}
              onClick={() => {
                onChange([...value, u]);
                setText('');
              }}
            >
              <Group gap={8}>
                <Avatar src={u.profilePicture} size={24} radius="xl" alt="" />
                <Text size="sm">{u.name}</Text>
              </Group>
            </UnstyledButton>
          ))}
        </Paper>
      )}
      <Group gap={6}>
        {value.map((u) => (
          <Paper key={u.userId} withBorder radius="xl" px={10} py={2}>
            <Group gap={4}>
              <Text size="sm">{u.name}</Text>
              <CloseButton size="xs" aria-label={`${t('publishing.social.delete')} ${u.name ?? ''}`} onClick={() => onChange(value.filter((v) => v.userId !== u.userId))} disabled={disabled} />
            </Group>
          </Paper>
        ))}
      </Group>
    </Stack>
  );
}
