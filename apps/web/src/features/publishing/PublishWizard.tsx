import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Radio,
  Stack,
  Stepper,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { LIMITS } from '@atrium/shared/constants';
import { roleAtLeast } from '@atrium/shared/users/roles';
import { tagListError } from '@atrium/shared/publishing/tags';
import type { PublicUser } from '@atrium/shared/users/schema';
import type { SlotView } from '@atrium/shared/publishing/schema';
import { msg } from '../../i18n/msg.ts';
import { formatDate } from '../../i18n/format.ts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { useSession } from '../../auth/useSession.ts';
import { SlotPurchase } from '../marketplace/SlotPurchase.tsx';
import { ImageCropper } from '../profile/ImageCropper.tsx';
import { PublishedShare } from './PublishedShare.tsx';
import '../profile/mantine-profile.ts';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Radio.css';
import { useMySlots, usePublish } from './queries.ts';
import { useUsableDistrictSlots } from '../districts/wizard/queries.ts';
import { GalleryInput } from './GalleryInput.tsx';
import type { GalleryItem } from './gallery.ts';
import { GroupPicker } from './GroupPicker.tsx';
import { TagsInput } from './TagsInput.tsx';
import { UserPicker } from './UserPicker.tsx';
import './i18n.ts';
import classes from './PublishWizard.module.css';

export const WIZARD_STEPS = ['spaceInfo', 'placement', 'privacy', 'communication', 'publish'] as const;

export interface PublishWizardProps {
  opened: boolean;
  onClose: () => void;
  sceneId: string;
  /** The space's current metadata, to prefill the first step. */
  initial: { title: string; description: string; tags: string[]; coverPhotoUri: string | null; photoGallery?: string[] };
  onPublished?: (sceneId: string) => void;
  /** While the editor is still saving the draft, publishing waits (the server publishes the saved draft). */
  saving?: boolean;
}

/**
 * Spec §2 editor publish wizard: spaceInfo, placement, privacy, communication, publish, with
 * Previous/Next and a step indicator. The space info is saved (with the cropped cover and the photo
 * gallery) and the draft published into the chosen slot in one go at the end. Privacy and
 * communication lists take people and the owner's groups (Standard or Pro).
 */
export function PublishWizard({ opened, onClose, sceneId, initial, onPublished, saving = false }: PublishWizardProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const role = session.status === 'signed-in' ? session.user.role : 'free-user';
  const canUseAcl = roleAtLeast(role, 'pro-user');
  const slots = useMySlots(opened);
  // District slots the person may publish into (their districts', or allocated to them as a Creator).
  const districtSlots = useUsableDistrictSlots(opened);
  const publish = usePublish();

  const [step, setStep] = useState(0);
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [tags, setTags] = useState<string[]>(initial.tags);
  const [cover, setCover] = useState<Blob | null>(null);
  const [cropSrc, setCropSrc] = useState<string | null>(null);
  const [gallery, setGallery] = useState<GalleryItem[]>(() => (initial.photoGallery ?? []).map((uri) => ({ kind: 'kept', uri })));
  const [adultContent, setAdult] = useState(false);
  const [comments, setComments] = useState(true);
  const [visible, setVisible] = useState(true);
  const [slotId, setSlotId] = useState<string | null>(null);
  const [publishedPublic, setPublic] = useState(true);
  const [privacyOn, setPrivacyOn] = useState(false);
  const [privacyUsers, setPrivacyUsers] = useState<PublicUser[]>([]);
  const [privacyGroups, setPrivacyGroups] = useState<string[]>([]);
  const [commOn, setCommOn] = useState(false);
  const [commUsers, setCommUsers] = useState<PublicUser[]>([]);
  const [commGroups, setCommGroups] = useState<string[]>([]);
  const [stepError, setStepError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [tagsChecked, setTagsChecked] = useState(false);
  const [done, setDone] = useState(false);

  const coverPreview = useMemo(() => (cover ? URL.createObjectURL(cover) : initial.coverPhotoUri), [cover, initial.coverPhotoUri]);
  // Usable slots: empty and unexpired, or the one this space already sits in (republish).
  const usable = (slots.data ?? []).filter((s) => (!s.expired && !s.active) || s.sceneId === sceneId);
  const inDistricts = districtSlots.data ?? [];
  const chosen = slotId ?? usable.find((s) => s.sceneId === sceneId)?.slotId ?? null;
  // Publishing into a district slot: that district's groups may go into the access lists too.
  const chosenDistrict = inDistricts.find((s) => s.slotId === chosen)?.districtId ?? null;
  const tagsError = tagListError(tags);

  const titleProblem = () =>
    title.trim().length === 0 ? msg.fieldRequired : title.length > LIMITS.spaceNameMax ? msg.maxChars(LIMITS.spaceNameMax) : null;
  /** Step problems; the first step's belong to its fields and show there (titleError, the tags' own error). */
  const validate = (i: number): string | null => {
    if (i === 0) return titleProblem() ?? tagsError;
    if (i === 1) {
      if (usable.length === 0 && inDistricts.length === 0) return msg.publishing.noAvailableSlot;
      if (!chosen) return msg.publishing.assignSlot;
    }
    return null;
  };
  const next = () => {
    const e = validate(step);
    if (step === 0) {
      setTitleError(titleProblem());
      setTagsChecked(true);
    }
    setStepError(step === 0 ? null : e);
    if (!e) setStep((s) => Math.min(s + 1, WIZARD_STEPS.length - 1));
  };
  const submit = async () => {
    setStepError(null);
    try {
      await publish.mutateAsync({
        info: { title: title.trim(), description, tags, cover, gallery },
        publish: {
          sceneId,
          slotId: chosen!,
          publishedPublic,
          visible,
          comments,
          adultContent,
          privacyACLEnabled: canUseAcl && privacyOn,
          userPrivacyACL: canUseAcl && privacyOn ? privacyUsers.map((u) => u.userId) : [],
          groupPrivacyACL: canUseAcl && privacyOn ? privacyGroups : [],
          communicationACLEnabled: canUseAcl && commOn,
          userCommunicationACL: canUseAcl && commOn ? commUsers.map((u) => u.userId) : [],
          groupCommunicationACL: canUseAcl && commOn ? commGroups : [],
        },
      });
      setDone(true);
      onPublished?.(sceneId);
    } catch (err) {
      setStepError(err instanceof ApiError ? err.message : msg.somethingWentWrong);
    }
  };

  const slotLabel = (s: SlotView) =>
    `${t(s.kind === 'trial' ? 'publishing.wizard.slotTrial' : s.kind === 'plan' ? 'publishing.wizard.slotPlan' : 'publishing.wizard.slotPurchased')}${
      s.expiresAt ? ` · ${msg.publishing.expiringOn(formatDate(s.expiresAt))}` : ''
    }`;
  const aclNotice = !canUseAcl && (
    <Alert color="blue" title={msg.publishing.aclNeedsPlan}>
      {msg.publishing.upgradeHint}{' '}
      <Anchor component={Link} to="/pricing">
        {t('nav.pricing')}
      </Anchor>
    </Alert>
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('publishing.wizard.title')} size="xl" centered>
      {cropSrc && (
        <ImageCropper
          src={cropSrc}
          // Covers show 16:9 on every card; a square one broke the Explore grid.
          aspect={16 / 9}
          onCancel={() => setCropSrc(null)}
          onDone={(jpeg) => {
            setCover(jpeg);
            setCropSrc(null);
          }}
        />
      )}
      {done ? (
        <PublishedShare sceneId={sceneId} title={title.trim()} />
      ) : (
        <>
          <Stepper
            active={step}
            onStepClick={(i) => i < step && setStep(i)}
            size="sm"
            mb="lg"
            classNames={{ step: classes.step, stepIcon: classes.stepIcon, stepLabel: classes.stepLabel }}
          >
            {WIZARD_STEPS.map((s, i) => (
              <Stepper.Step key={s} label={t(`publishing.wizard.steps.${s}`)} aria-current={i === step ? 'step' : undefined} />
            ))}
          </Stepper>
          {step === 0 && (
            <Stack>
              <TextInput label={t('publishing.wizard.titleLabel')} value={title} maxLength={LIMITS.spaceNameMax} onChange={(e) => {
                  setTitle(e.currentTarget.value);
                  setTitleError(null);
                }}
                error={titleError}
                required
              />
              <Textarea label={t('publishing.wizard.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} maxRows={5} />
              <TagsInput value={tags} onChange={setTags} label={t('publishing.wizard.tags')} hint={t('publishing.wizard.tagsHint')} error={tagsChecked ? tagsError : null} />
              <Group align="flex-end">
                {coverPreview && <Image src={coverPreview} w={160} h={100} radius="md" alt="" fit="cover" />}
                <FileButton accept="image/jpeg,image/png,image/webp" onChange={(f) => f && setCropSrc(URL.createObjectURL(f))}>
                  {(props) => (
                    <Button variant="default" {...props}>
                      {t('publishing.wizard.chooseCover')}
                    </Button>
                  )}
                </FileButton>
              </Group>
              <GalleryInput value={gallery} onChange={setGallery} />
              <Switch label={t('publishing.wizard.adult')} checked={adultContent} onChange={(e) => setAdult(e.currentTarget.checked)} />
              <Switch label={t('publishing.wizard.comments')} checked={comments} onChange={(e) => setComments(e.currentTarget.checked)} />
              <Switch label={t('publishing.wizard.visible')} checked={visible} onChange={(e) => setVisible(e.currentTarget.checked)} />
            </Stack>
          )}
          {step === 1 && (
            <Stack>
              {usable.length === 0 && inDistricts.length === 0 && !slots.isPending && !districtSlots.isPending ? (
                <>
                  <Alert color="orange">{msg.publishing.noAvailableSlot}</Alert>
                  {/* No free slot: one bought with credits (or the trial slot kept) publishes now. */}
                  <SlotPurchase slots={slots.data ?? []} returnTo={pathname} onBought={() => setStepError(null)} />
                </>
              ) : (
                <Radio.Group label={t('publishing.wizard.slot')} value={chosen} onChange={setSlotId}>
                  <Stack gap="xs" mt="xs">
                    {usable.map((s) => (
                      <Radio
                        key={s.slotId}
                        value={s.slotId}
                        label={slotLabel(s)}
                        description={s.sceneMetadata ? t('publishing.wizard.slotHolds', { title: s.sceneMetadata.title }) : t('publishing.wizard.slotEmpty')}
                      />
                    ))}
                    {inDistricts.map((s) => (
                      <Radio
                        key={s.slotId}
                        value={s.slotId}
                        label={t('publishing.wizard.slotDistrict', { title: s.districtTitle })}
                        description={`${s.districtSubdomain} · ${t('publishing.wizard.slotEmpty')}`}
                        data-testid="district-slot-option"
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            </Stack>
          )}
          {step === 2 && (
            <Stack>
              <Radio.Group value={publishedPublic ? 'public' : 'private'} onChange={(v) => setPublic(v === 'public')}>
                <Stack gap="xs">
                  <Radio value="public" label={t('publishing.wizard.public')} />
                  <Radio value="private" label={t('publishing.wizard.private')} />
                </Stack>
              </Radio.Group>
              {aclNotice}
              <Switch label={t('publishing.wizard.restrictVisitors')} checked={privacyOn} onChange={(e) => setPrivacyOn(e.currentTarget.checked)} disabled={!canUseAcl} />
              {privacyOn && canUseAcl && (
                <>
                  <UserPicker value={privacyUsers} onChange={setPrivacyUsers} label={t('publishing.wizard.restrictVisitors')} />
                  <GroupPicker value={privacyGroups} onChange={setPrivacyGroups} people={privacyUsers} label={t('publishing.wizard.groupsLabel')} districtId={chosenDistrict} />
                </>
              )}
            </Stack>
          )}
          {step === 3 && (
            <Stack>
              {aclNotice}
              <Switch label={t('publishing.wizard.restrictTalk')} checked={commOn} onChange={(e) => setCommOn(e.currentTarget.checked)} disabled={!canUseAcl} />
              {commOn && canUseAcl && (
                <>
                  <UserPicker value={commUsers} onChange={setCommUsers} label={t('publishing.wizard.restrictTalk')} />
                  <GroupPicker value={commGroups} onChange={setCommGroups} people={commUsers} label={t('publishing.wizard.groupsLabel')} districtId={chosenDistrict} />
                </>
              )}
            </Stack>
          )}
          {step === 4 && (
            <Text>
              {t('publishing.wizard.summary', {
                title: title.trim(),
                slot: usable.find((s) => s.slotId === chosen)
                  ? slotLabel(usable.find((s) => s.slotId === chosen)!)
                  : inDistricts.find((s) => s.slotId === chosen)
                    ? t('publishing.wizard.slotDistrict', { title: inDistricts.find((s) => s.slotId === chosen)!.districtTitle })
                    : '',
              })}
            </Text>
          )}
          {stepError && (
            <Text c="red" mt="md" role="alert">
              {stepError}
            </Text>
          )}
          <Group justify="space-between" mt="xl">
            <Button variant="default" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
              {t('publishing.wizard.previous')}
            </Button>
            {step < WIZARD_STEPS.length - 1 ? (
              <Button onClick={next}>{t('publishing.wizard.next')}</Button>
            ) : (
              <Button onClick={() => void submit()} loading={publish.isPending || saving}>
                {t('publishing.wizard.publish')}
              </Button>
            )}
          </Group>
        </>
      )}
    </Modal>
  );
}
