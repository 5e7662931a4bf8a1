import { useEffect, useState } from 'react';
import {
  Avatar,
  Button,
  FileButton,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { GENDERS, SOCIAL_NETWORK_NAMES, socialUrlError, userName, type MyUser, type SocialNetwork } from '@atrium/shared/users/schema';
import { THEME } from '@atrium/shared/constants';
import { USER_LIMITS } from '@atrium/shared/users/limits';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { notify } from '../../notify.ts';
import { usePatchMyUser } from './queries.ts';
import { ImageCropper } from './ImageCropper.tsx';

const text = (max: number) => z.string().trim().max(max, msg.maxChars(max));
const isUrl = (s: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(s).protocol);
  } catch {
    return false;
  }
};

// The form's view of spec §2 profile fields; the API validates again with the shared schema.
const formSchema = z.object({
  name: userName,
  bio: text(USER_LIMITS.bioMax),
  birthday: z.string(),
  city: text(USER_LIMITS.cityMax),
  country: text(USER_LIMITS.countryMax),
  gender: z.string(),
  occupation: text(USER_LIMITS.occupationMax),
  website: text(USER_LIMITS.websiteMax).refine((s) => s === '' || isUrl(s), msg.user.invalidUrl),
  privateSpaceInvitationCode: text(USER_LIMITS.invitationCodeMax),
  social: z.object(
    Object.fromEntries(
      SOCIAL_NETWORK_NAMES.map((n) => [
        n,
        z
          .string()
          .trim()
          .refine((v) => v === '' || socialUrlError(n, v) === null, msg.user.socialUrl(n)),
      ]),
    ) as unknown as Record<SocialNetwork, z.ZodString>,
  ),
});
type FormValues = z.infer<typeof formSchema>;

const valuesOf = (u: MyUser): FormValues => ({
  name: u.name ?? '',
  bio: u.bio ?? '',
  birthday: u.birthday ?? '',
  city: u.city ?? '',
  country: u.country ?? '',
  gender: u.gender ?? '',
  occupation: u.occupation ?? '',
  website: u.website ?? '',
  privateSpaceInvitationCode: u.privateSpaceInvitationCode ?? '',
  social: Object.fromEntries(
    SOCIAL_NETWORK_NAMES.map((n) => [n, u.socialMedia.find((s) => s.name === n)?.url ?? '']),
  ) as Record<SocialNetwork, string>,
});

export function EditProfileModal({
  me,
  opened,
  onClose,
}: {
  me: MyUser;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const patch = usePatchMyUser();
  const [cropSrc, setCropSrc] = useState<string | null>(null);
  const [picture, setPicture] = useState<Blob | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(me) });
  const { register, handleSubmit, formState, setError, setValue, watch, reset } = form;

  useEffect(() => {
    if (opened) {
      reset(valuesOf(me));
      setPicture(null);
      setPreview(null);
    }
  }, [opened, me, reset]);

  const onPick = (file: File | null) => {
    if (file) setCropSrc(URL.createObjectURL(file));
  };

  const submit = handleSubmit(async (v) => {
    const { name, bio, birthday, city, country, gender, occupation, website, privateSpaceInvitationCode } = v;
    const socialMedia = SOCIAL_NETWORK_NAMES.filter((n) => v.social[n]).map((n) => ({ name: n, url: v.social[n] }));
    try {
      await patch.mutateAsync({
        name,
        bio,
        birthday,
        city,
        country,
        gender,
        occupation,
        website,
        privateSpaceInvitationCode,
        socialMedia: JSON.stringify(socialMedia),
        profilePicture: picture ?? undefined,
      });
      notify.success(t('profile.edit.saved'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        const fields = err.fieldErrors();
        for (const [field, message] of Object.entries(fields))
          setError(field as keyof FormValues, { message });
        if (Object.keys(fields).length === 0 && err.status !== 403) notify.error(err.message);
      }
    }
  });

  const err = (path: string) => {
    const parts = path.split('.');
    let e: unknown = formState.errors;
    for (const p of parts) e = (e as Record<string, unknown> | undefined)?.[p];
    return (e as { message?: string } | undefined)?.message;
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        title={t('profile.edit.title')}
        size="xl"
        zIndex={THEME.modalZIndex}
        centered
      >
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Group>
              <Avatar
                src={preview ?? me.profilePicture}
                name={me.name ?? ''}
                color="atrium"
                size={88}
                radius={999}
              />
              <FileButton onChange={onPick} accept={USER_LIMITS.pictureTypes.join(',')}>
                {(props) => (
                  <Button variant="light" {...props} data-testid="choose-picture">
                    {t('profile.edit.choosePicture')}
                  </Button>
                )}
              </FileButton>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('profile.edit.name')} required {...register('name')} error={err('name')} />
              <TextInput
                label={t('profile.edit.occupation')}
                {...register('occupation')}
                error={err('occupation')}
              />
              <TextInput
                type="date"
                label={t('profile.edit.birthday')}
                {...register('birthday')}
                error={err('birthday')}
              />
              <Select
                label={t('profile.edit.gender')}
                clearable
                comboboxProps={{ zIndex: THEME.modalZIndex + 1 }}
                data={GENDERS.map((g) => ({ value: g, label: t(`profile.edit.genders.${g}`) }))}
                value={watch('gender') || null}
                onChange={(v) => setValue('gender', v ?? '')}
              />
              <TextInput label={t('profile.edit.city')} {...register('city')} error={err('city')} />
              <TextInput label={t('profile.edit.country')} {...register('country')} error={err('country')} />
              <TextInput
                label={t('profile.edit.website')}
                placeholder="https://"
                {...register('website')}
                error={err('website')}
              />
              <TextInput
                label={t('profile.edit.invitationCode')}
                {...register('privateSpaceInvitationCode')}
                error={err('privateSpaceInvitationCode')}
              />
            </SimpleGrid>
            <Textarea
              label={t('profile.edit.bio')}
              autosize
              minRows={2}
              maxRows={6}
              {...register('bio')}
              error={err('bio')}
            />
            <Text fw={600}>{t('profile.edit.social')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {SOCIAL_NETWORK_NAMES.map((n) => (
                <TextInput
                  key={n}
                  label={n}
                  placeholder="https://"
                  {...register(`social.${n}`)}
                  error={err(`social.${n}`)}
                />
              ))}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('profile.cancel')}
              </Button>
              <Button type="submit" loading={patch.isPending}>
                {t('profile.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {cropSrc && (
        <ImageCropper
          src={cropSrc}
          onCancel={() => setCropSrc(null)}
          onDone={(blob) => {
            setPicture(blob);
            setPreview(URL.createObjectURL(blob));
            setCropSrc(null);
          }}
        />
      )}
    </>
  );
}
