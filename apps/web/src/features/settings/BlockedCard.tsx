import { Avatar, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../api/client.ts';
import { notify } from '../../notify.ts';
import './i18n.ts';

const blockedKey = ['social', 'blocked'] as const;

/** Issue 20: the people the signed-in person blocked (GET /api/block), each with Unblock. */
export function BlockedCard() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: blockedKey, queryFn: () => call(api.GET('/api/block')) });
  const unblock = useMutation({
    mutationFn: (p: { userId: string; name: string }) =>
      call(api.DELETE('/api/block/{id}', { params: { path: { id: p.userId } } })).then(() => p),
    onSuccess: (p) => {
      void qc.invalidateQueries({ queryKey: blockedKey });
      void qc.invalidateQueries({ queryKey: ['social', 'block', p.userId] });
      notify.success(t('settings.blocked.unblocked', { name: p.name }));
    },
    onError: (e) => notify.error(e.message),
  });
  return (
    <Card radius="xl" withBorder padding="xl" maw={720} mt="lg" data-testid="blocked-people">
      <Title order={2} size="h4" mb="xs">
        {t('settings.blocked.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('settings.blocked.hint')}
      </Text>
      {list.isPending ? (
        <Loader size="sm" />
      ) : !list.data?.length ? (
        <Text size="sm">{t('settings.blocked.empty')}</Text>
      ) : (
        <Stack gap="sm">
          {list.data.map((p) => (
            <Group key={p.userId} justify="space-between" wrap="nowrap" data-testid="blocked-person">
              <Group gap="sm" wrap="nowrap">
                <Avatar src={p.profilePicture} name={p.name ?? ''} color="initials" size="sm" />
                <div>
                  <Text size="sm" fw={600}>
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('settings.blocked.since', { date: new Date(p.blockedAt).toLocaleDateString(i18n.language) })}
                  </Text>
                </div>
              </Group>
              <Button
                size="xs"
                variant="light"
                loading={unblock.isPending && unblock.variables?.userId === p.userId}
                onClick={() => unblock.mutate({ userId: p.userId, name: p.name ?? '' })}
              >
                {t('settings.blocked.unblock')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
