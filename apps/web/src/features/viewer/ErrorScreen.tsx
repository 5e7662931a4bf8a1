import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/msg.ts';
import { Illustration } from '../../components/Illustration.tsx';
import { LinkButton } from './LinkButton.tsx';
import type { ViewerFailure } from './viewerErrors.ts';
import classes from './Viewer.module.css';

const COPY: Record<Exclude<ViewerFailure, 'denied'>, { title: string; text: string }> = {
  notFound: { title: 'viewer.notFoundTitle', text: 'viewer.notFoundText' },
  invalid: { title: 'viewer.invalidTitle', text: 'viewer.invalidText' },
  unsupported: { title: 'viewer.unsupportedTitle', text: 'viewer.unsupportedText' },
  webgl: { title: 'viewer.webglTitle', text: 'viewer.webglText' },
  failed: { title: 'viewer.failedTitle', text: 'viewer.failedText' },
};

/** One screen per way a space can fail to open; the viewer never leaves a blank canvas. */
export function ErrorScreen({ failure, embedded, onRetry }: { failure: ViewerFailure; embedded: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  const denied = failure === 'denied';
  const title = denied ? msg.spaceAccessDeniedTitle : t(COPY[failure].title);
  const text = denied ? msg.spaceAccessDeniedSubtitle : t(COPY[failure].text);
  return (
    <div className={classes.errorPage} role="alert" data-testid={`viewer-error-${failure}`}>
      <Stack align="center" gap="lg" maw={560} px="md">
        <Illustration name="empty-room" alt="" eager className={classes.errorArt} />
        <Title order={1} ta="center" size="h2">
          {title}
        </Title>
        <Text size="lg" c="dimmed" ta="center">
          {text}
        </Text>
        <Group justify="center">
          {denied ? (
            <LinkButton to="/curate" external={embedded} size="lg">
              {msg.createSpace}
            </LinkButton>
          ) : (
            <>
              {(failure === 'failed' || failure === 'unsupported') && onRetry && (
                <Button size="lg" onClick={onRetry}>
                  {t('viewer.retry')}
                </Button>
              )}
              <LinkButton to="/" external={embedded} size="lg" variant={failure === 'failed' ? 'default' : 'filled'}>
                {t('viewer.exploreHome')}
              </LinkButton>
            </>
          )}
        </Group>
      </Stack>
    </div>
  );
}
