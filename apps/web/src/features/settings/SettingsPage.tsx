import { Card, Container, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsKeys, userKeys } from '../../api/keys.ts';
import { ApiError } from '../../api/ApiError.ts';
import { notify } from '../../notify.ts';
import { RequireAuth } from '../auth/RequireAuth.tsx';
import { ApiKeysCard } from './ApiKeysCard.tsx';
import { BlockedCard } from './BlockedCard.tsx';
import { LanguageSwitcher } from '../../layout/LanguageSwitcher.tsx';
import { fetchSettings, patchSettings } from './queries.ts';
import '../auth/i18n.ts';
import '../profile/mantine-profile.ts';

const KEYS = ['searchable', 'allowGroupInvites', 'showContentLibrary', 'showGroups', 'autoSave'] as const;
// Switches whose meaning (or default) is worth a line under the label.
const HINTS: Partial<Record<(typeof KEYS)[number], string>> = {
  searchable: 'settings.searchableHint',
  showContentLibrary: 'settings.showContentLibraryHint',
};

function SettingsForm() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: settingsKeys.my,
    queryFn: fetchSettings,
  });
  const save = useMutation({
    mutationFn: patchSettings,
    onSuccess: (s) => {
      qc.setQueryData(settingsKeys.my, s);
      void qc.invalidateQueries({ queryKey: userKeys.all });
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
            description={HINTS[k] ? t(HINTS[k]) : undefined}
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
        <Card radius="xl" withBorder padding="xl" maw={720} mb="lg">
          <Title order={2} size="h4" mb="xs">
            {t('settings.language')}
          </Title>
          <Text c="dimmed" size="sm" mb="md">
            {t('settings.languageHint')}
          </Text>
          <LanguageSwitcher testId="settings-language" />
        </Card>
        <SettingsForm />
        <ApiKeysCard />
        <BlockedCard />
      </Container>
    </RequireAuth>
  );
}
