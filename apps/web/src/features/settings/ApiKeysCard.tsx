import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import { apiKeyKeys } from '../../api/keys.ts';
import { ApiError } from '../../api/ApiError.ts';
import { notify } from '../../notify.ts';
import { createApiKey, fetchApiKeys, revokeApiKey } from './queries.ts';

/** Personal API keys for scripts: created here, shown once, listed by prefix, revocable. */
export function ApiKeysCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const keys = useQuery({ queryKey: apiKeyKeys.all, queryFn: fetchApiKeys });
  const onError = (err: Error) => {
    if (!(err instanceof ApiError && err.status === 403)) notify.error(err.message);
  };
  const create = useMutation({
    mutationFn: () => createApiKey(name),
    onSuccess: (k) => {
      setCreated(k.key);
      setName('');
      void qc.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
    onError,
  });
  const revoke = useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
    onError,
  });

  return (
    <Card radius="xl" withBorder padding="xl" maw={720} mt="xl">
      <Title order={2} size="h4" mb="xs">
        {t('settings.apiKeys.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('settings.apiKeys.hint')}
      </Text>
      {created && (
        <Alert
          color="green"
          mb="md"
          title={t('settings.apiKeys.createdTitle')}
          withCloseButton
          onClose={() => setCreated(null)}
        >
          <Group gap="xs" wrap="nowrap">
            <Code style={{ wordBreak: 'break-all' }} data-testid="new-api-key">
              {created}
            </Code>
            <CopyButton value={created}>
              {({ copied, copy }) => (
                <ActionIcon
                  variant="subtle"
                  onClick={copy}
                  aria-label={copied ? msg.copiedToClipboard : t('settings.apiKeys.copy')}
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) create.mutate();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t('settings.apiKeys.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            {t('settings.apiKeys.create')}
          </Button>
        </Group>
      </form>
      <Stack gap="xs" mt="md">
        {(keys.data ?? []).map((k) => (
          <Group key={k.id} justify="space-between" wrap="nowrap" data-testid="api-key-row">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {k.name}
              </Text>
              <Text size="xs" c="dimmed">
                {k.prefix}… · {formatDate(k.createdAt)}
                {k.lastUsedAt
                  ? ` · ${t('settings.apiKeys.lastUsed')} ${formatDate(k.lastUsedAt)}`
                  : ''}
              </Text>
            </div>
            <ActionIcon
              color="red"
              variant="subtle"
              aria-label={t('settings.apiKeys.revoke')}
              loading={revoke.isPending && revoke.variables === k.id}
              onClick={() => revoke.mutate(k.id)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
