import { useEffect, useState } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { signIn } from '../../auth/session.ts';
import { useSession } from '../../auth/useSession.ts';
import './i18n.ts';

const safePath = (p: string | null) => (p && p.startsWith('/') && !p.startsWith('//') ? p : '/');

/** /login?redirect=…[&screen=signup]: hands over to the identity provider (its sign-up form with `screen=signup`) and comes back to `redirect`. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [failed, setFailed] = useState(false);
  const target = safePath(params.get('redirect'));
  const signUp = params.get('screen') === 'signup';

  useEffect(() => {
    if (session.status === 'signed-in') void navigate(target, { replace: true });
    else if (session.status === 'signed-out') signIn(target, { signUp }).catch(() => setFailed(true));
  }, [session.status, target, signUp, navigate]);

  return (
    <Center mih="60vh">
      <Stack align="center">
        {failed ? (
          <>
            <Text>{t('auth.failed')}</Text>
            <Button onClick={() => signIn(target, { signUp }).catch(() => setFailed(true))}>{t('auth.tryAgain')}</Button>
          </>
        ) : (
          <>
            <Loader />
            <Text c="dimmed">{t('auth.redirecting')}</Text>
          </>
        )}
      </Stack>
    </Center>
  );
}
