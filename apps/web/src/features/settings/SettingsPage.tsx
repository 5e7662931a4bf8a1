import { Card, Container, Loader, Stack, Switch, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { ApiError } from '../../api/ApiError.ts';
import { notify } from '../../notify.ts';
import { RequireAuth } from '../auth/RequireAuth.tsx';
import { ApiKeysCard } from './ApiKeysCard.tsx';
import '../auth/i18n.ts';
import '../profile/mantine-profile.ts';

interface Settings {
  autoSave: boolean;
  searchable: boolean;
  allowGroupInvites: boolean;
  showContentLibrary: boolean;
  showGroups: boolean;
}
const KEYS = ['searchable', 'allowGroupInvites', 'showContentLibrary', 'showGroups', 'autoSave'] as const;

function SettingsForm() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['settings', 'my'],
    queryFn: () => api<Settings>('GET', '/api/settings/my'),
  });
  const save = useMutation({
    mutationFn: (patch: Partial<Settings>) => api<Settings>('PATCH', '/api/settings/my', patch),
    onSuccess: (s) => {
      qc.setQueryData(['settings', 'my'], s);
      void qc.invalidateQueries({ queryKey: ['user'] });
      notify.success(t('settings.saved'));
    },
    onError: (err) => {
      if (!(err instanceof ApiError && err.status === 403)) notify.error(err.message);
    },
  });
  if (!q.data) return <Loader />;
  return (
    <Card radius="xl" withBorder padding="xl" maw={720}>
      <Title order={2} size="h4" mb="md">
        {t('settings.visibility')}
      </Title>
      <Stack gap="lg">
        {KEYS.map((k) => (
          <Switch
            key={k}
            size="md"
            label={t(`settings.${k}`)}
            description={k === 'searchable' ? t('settings.searchableHint') : undefined}
            checked={q.data[k]}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ [k]: e.currentTarget.checked })}
            data-testid={`setting-${k}`}
          />
        ))}
      </Stack>
    </Card>
  );
}

/** Spec §2 Settings: search visibility and the other visibility switches, enforced by the API. */
export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <RequireAuth>
      <Container py="xl">
        <Title order={1} mb="lg">
          {t('settings.title')}
        </Title>
        <SettingsForm />
        <ApiKeysCard />
      </Container>
    </RequireAuth>
  );
}
