import { useEffect, useRef, useState } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { completeSignIn, signIn } from '../../auth/session.ts';
import './i18n.ts';

/** /authentication/callback: exchanges the code (PKCE) for tokens, then returns where sign-in began. */
export default function CallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    // The code is single-use: StrictMode's second effect run must not redeem it again.
    if (started.current) return;
    started.current = true;
    completeSignIn()
      .then((to) => navigate(to, { replace: true }))
      .catch(() => setFailed(true));
  }, [navigate]);
  return (
    <Center mih="60vh">
      <Stack align="center">
        {failed ? (
          <>
            <Text>{t('auth.failed')}</Text>
            <Button onClick={() => void signIn('/')}>{t('auth.tryAgain')}</Button>
          </>
        ) : (
          <>
            <Loader />
            <Text c="dimmed">{t('auth.completing')}</Text>
          </>
        )}
      </Stack>
    </Center>
  );
}
