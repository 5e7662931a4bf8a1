import { Button, Stack, Text, Title } from '@mantine/core';
import { shellMsg } from '../i18n/shellMsg.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import emptyRoom from '../assets/art/empty-room.svg';

// Kept out of the lazy chunk graph so the error element can show it without another download.
export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="lg" py={80} px="md">
      <img src={emptyRoom} alt={t('notFound.imageAlt')} width={360} height={270} style={{ maxWidth: '80vw', height: 'auto' }} />
      <Title order={1} ta="center">
        {shellMsg.pageNotFoundTitle}
      </Title>
      <Text size="lg" c="dimmed" ta="center">
        {shellMsg.pageNotFoundText}
      </Text>
      <Button component={Link} to="/" size="lg">
        {shellMsg.returnToHomepage}
      </Button>
    </Stack>
  );
}
