import { useState } from 'react';
import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { api, call } from '../../api/client.ts';
import { ApiError } from '../../api/ApiError.ts';
import { signIn } from '../../auth/session.ts';
import { useSession } from '../../auth/useSession.ts';
import { notify } from '../../notify.ts';
import { msg } from '../../i18n/msg.ts';
import { districtKeys } from './queries.ts';
import './i18n.ts';

/**
 * The link of an emailed district invitation (`/invitation/{id}?invitation_code=…` on the district's
 * host): signed out, sign in or sign up first (the provider brings them back here); signed in, accept.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('invitation_code') ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const here = `${location.pathname}${location.search}`;

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const d = await call(api.POST('/api/district/invitation/{id}/accept', { params: { path: { id }, query: { invitation_code: code } } }), {
        quietForbidden: true,
      });
      await qc.invalidateQueries({ queryKey: districtKeys.all });
      notify.success(t('districts.invitation.joined', { title: d.title }));
      void navigate('/', { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : msg.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };

  if (session.status === 'loading')
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  return (
    <Stack align="center" gap="lg" maw={560} mx="auto" py={80} px="md" data-testid="district-invitation">
      <Title order={1} size="h2" ta="center">
        {t('districts.invitation.title')}
      </Title>
      {session.status === 'signed-out' ? (
        <>
          <Text c="dimmed" ta="center">
            {t('districts.invitation.signedOut')}
          </Text>
          <Group>
            <Button onClick={() => void signIn(here)}>{t('districts.signIn')}</Button>
            <Button variant="default" onClick={() => void signIn(here, { signUp: true })}>
              {t('districts.invitation.createAccount')}
            </Button>
          </Group>
        </>
      ) : (
        <Button size="lg" loading={busy} onClick={() => void accept()}>
          {t('districts.invitation.accept')}
        </Button>
      )}
      {error && (
        <Text c="red" ta="center" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
