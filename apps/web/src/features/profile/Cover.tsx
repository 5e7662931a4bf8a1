import { useState } from 'react';
import { Button, FileButton, Menu, Slider } from '@mantine/core';
import { IconPhotoEdit } from '@tabler/icons-react';
import { USER_LIMITS } from '@atrium/shared/users/limits';
import type { PublicUser } from '@atrium/shared/users/schema';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { notify } from '../../notify.ts';
import { usePatchMyUser } from './queries.ts';
import classes from './Profile.module.css';

/** Spec §2: cover image with upload and reposition (vertical position saved in percent). */
export function Cover({ user, isOwn }: { user: PublicUser; isOwn: boolean }) {
  const { t } = useTranslation();
  const patch = usePatchMyUser();
  const [position, setPosition] = useState<number | null>(null);
  const y = position ?? user.coverPhotoPosition;

  const upload = async (file: File | null) => {
    if (!file) return;
    try {
      await patch.mutateAsync({ coverPhoto: file });
    } catch (err) {
      if (err instanceof ApiError && err.status !== 403) notify.error(err.message);
    }
  };

  return (
    <div
      className={classes.cover}
      data-testid="profile-cover"
      style={
        user.coverPhoto
          ? { backgroundImage: `url(${user.coverPhoto})`, backgroundPosition: `center ${y}%` }
          : undefined
      }
    >
      {isOwn && (
        <div className={classes.coverActions}>
          {position !== null ? (
            <>
              <Slider
                w={200}
                min={0}
                max={100}
                value={position}
                onChange={setPosition}
                thumbLabel={t('profile.repositionCover')}
              />
              <Button size="xs" variant="default" onClick={() => setPosition(null)}>
                {t('profile.cancel')}
              </Button>
              <Button
                size="xs"
                loading={patch.isPending}
                onClick={() =>
                  void patch.mutateAsync({ coverPhotoPosition: String(position) }).then(() => setPosition(null))
                }
              >
                {t('profile.saveCover')}
              </Button>
            </>
          ) : (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  size="xs"
                  variant="white"
                  leftSection={<IconPhotoEdit size={16} />}
                  loading={patch.isPending}
                >
                  {t('profile.editCover')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <FileButton onChange={(f) => void upload(f)} accept={USER_LIMITS.pictureTypes.join(',')}>
                  {(props) => <Menu.Item {...props}>{t('profile.uploadCover')}</Menu.Item>}
                </FileButton>
                <Menu.Item disabled={!user.coverPhoto} onClick={() => setPosition(user.coverPhotoPosition)}>
                  {t('profile.repositionCover')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </div>
      )}
    </div>
  );
}
