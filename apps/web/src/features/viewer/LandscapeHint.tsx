import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconDeviceMobileRotated } from '@tabler/icons-react';
import { useViewportSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { suggestLandscape } from './orientation.ts';
import classes from './Viewer.module.css';

/** Spec §2 Viewer: on an upright phone, suggest landscape once; Continue dismisses it. */
export function LandscapeHint() {
  const { t } = useTranslation();
  const { width, height } = useViewportSize();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || width === 0 || !suggestLandscape(width, height)) return null;
  return (
    <div className={classes.landscape} role="dialog" aria-modal="true" aria-labelledby="viewer-landscape-title">
      <Stack align="center" gap="md" maw={300}>
        <IconDeviceMobileRotated size={72} stroke={1.4} className={classes.rotateIcon} />
        <Title id="viewer-landscape-title" order={2} ta="center" c="white">
          {t('viewer.landscapeTitle')}
        </Title>
        <Text ta="center" c="gray.3">
          {t('viewer.landscapeText')}
        </Text>
        <Button size="lg" onClick={() => setDismissed(true)} data-autofocus autoFocus>
          {t('viewer.continue')}
        </Button>
      </Stack>
    </div>
  );
}
