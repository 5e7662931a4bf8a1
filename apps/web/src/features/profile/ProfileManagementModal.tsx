import { useState } from 'react';
import { Button, Divider, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { THEME } from '@atrium/shared/constants';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, call } from '../../api/client.ts';
import { ApiError } from '../../api/ApiError.ts';
import { forgetSession, signIn } from '../../auth/session.ts';
import { notify } from '../../notify.ts';

/** Account card → profile management: change password, delete account (password confirmed). */
export function ProfileManagementModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [pwError, setPwError] = useState<{ current?: string; next?: string }>({});
  const [deletePw, setDeletePw] = useState('');
  const [deleteError, setDeleteError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'pw' | 'delete' | null>(null);

  const changePassword = async () => {
    setBusy('pw');
    setPwError({});
    try {
      const { revokedApiKeys } = await call(
        api.POST('/api/user/my/password', { body: { currentPassword: current, newPassword: next } }),
      );
      notify.success(
        revokedApiKeys > 0
          ? t('profile.manageModal.passwordChangedKeysRevoked', { count: revokedApiKeys })
          : t('profile.manageModal.passwordChanged'),
      );
      // Every session ends with a password change; sign in again with the new one.
      await forgetSession();
      await signIn('/user');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INCORRECT_PASSWORD')
        setPwError({ current: msg.user.incorrectPassword });
      else if (err instanceof ApiError && err.code === 'VALIDATION_FAILED')
        setPwError({ next: err.fieldErrors().newPassword ?? err.message });
      else if (err instanceof ApiError && err.status !== 403) notify.error(err.message);
    } finally {
      setBusy(null);
    }
  };

  const deleteAccount = async () => {
    if (!deletePw) {
      setDeleteError(msg.fieldRequired);
      return;
    }
    setBusy('delete');
    setDeleteError(undefined);
    try {
      await call(api.DELETE('/api/user/my', { body: { password: deletePw } }));
      await forgetSession();
      notify.success(t('profile.manageModal.deleted'));
      void navigate('/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INCORRECT_PASSWORD')
        setDeleteError(msg.user.incorrectPassword);
      else if (!(err instanceof ApiError && err.status === 403)) notify.error(msg.user.deletionFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('profile.manage')}
      size="md"
      zIndex={THEME.modalZIndex}
      centered
    >
      <Stack>
        <Title order={4}>{t('profile.manageModal.changePassword')}</Title>
        <Text size="sm" c="dimmed" data-testid="change-password-note">
          {t('profile.manageModal.changePasswordNote')}
        </Text>
        <PasswordInput
          label={t('profile.manageModal.currentPassword')}
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={pwError.current}
          autoComplete="current-password"
        />
        <PasswordInput
          label={t('profile.manageModal.newPassword')}
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
          error={pwError.next}
          autoComplete="new-password"
        />
        <Button onClick={() => void changePassword()} loading={busy === 'pw'} disabled={!current || !next}>
          {t('profile.manageModal.changePassword')}
        </Button>
        <Divider my="sm" />
        <Title order={4} c="red">
          {t('profile.manageModal.deleteAccount')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('profile.manageModal.deleteWarning')}
        </Text>
        <PasswordInput
          label={t('profile.manageModal.password')}
          value={deletePw}
          onChange={(e) => setDeletePw(e.currentTarget.value)}
          error={deleteError}
          autoComplete="current-password"
          data-testid="delete-password"
        />
        <Button color="red" onClick={() => void deleteAccount()} loading={busy === 'delete'}>
          {t('profile.manageModal.confirmDelete')}
        </Button>
      </Stack>
    </Modal>
  );
}
