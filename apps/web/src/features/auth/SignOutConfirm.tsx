import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { THEME } from '@atrium/shared/constants';
import { signOut } from '../../auth/session.ts';
import './i18n.ts';

/**
 * The one "Log out?" question. Confirming ends the tokens here and the provider's session too: the
 * provider's own page then submits without asking again, so nobody is signed straight back in.
 */
export function SignOutConfirm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={t('drawer.logOutTitle')} centered zIndex={THEME.drawerZIndex}>
      <Text mb="lg">{t('drawer.logOutQuestion')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('drawer.stay')}
        </Button>
        <Button
          loading={busy}
          onClick={() => {
            setBusy(true);
            signOut().catch(() => setBusy(false));
          }}
        >
          {t('drawer.logOut')}
        </Button>
      </Group>
    </Modal>
  );
}
