import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { shellMsg } from '../i18n/shellMsg.ts';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ChunkTimeoutError } from './lazyWithTimeout.ts';
import { NotFoundView } from './NotFoundView.tsx';

/** Route-level error element: a chunk that timed out says so; anything else is the generic fallback. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  const timedOut = error instanceof ChunkTimeoutError;
  if (!timedOut) console.error(error);
  return (
    <Center mih="60vh" px="md">
      <Stack align="center" gap="md" role="alert">
        <Title order={1} ta="center">
          {shellMsg.somethingWentWrong}
        </Title>
        {timedOut && (
          <Text c="dimmed" ta="center">
            {shellMsg.chunkTimeout}
          </Text>
        )}
        <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
        <Button component={Link} to="/" variant="subtle">
          {shellMsg.returnToHomepage}
        </Button>
      </Stack>
    </Center>
  );
}
