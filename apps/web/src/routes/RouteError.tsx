import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { msg } from '../i18n/msg.ts';
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
          {msg.somethingWentWrong}
        </Title>
        {timedOut && (
          <Text c="dimmed" ta="center">
            {msg.chunkTimeout}
          </Text>
        )}
        <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
        <Button component={Link} to="/" variant="subtle">
          {msg.returnToHomepage}
        </Button>
      </Stack>
    </Center>
  );
}
