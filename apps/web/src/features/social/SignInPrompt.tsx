import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { signIn } from '../../auth/session.ts';

/** What a signed-out visitor sees where an action needs an account; signing in comes back here. */
export function SignInPrompt({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md" data-testid="sign-in-prompt">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button size="xs" leftSection={<IconLogin2 size={16} />} onClick={() => void signIn()}>
          {t('social.signInButton')}
        </Button>
      </Stack>
    </Paper>
  );
}
