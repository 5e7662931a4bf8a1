import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Image, Modal, Progress, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconCrop, IconCube, IconUpload } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { THEME } from '@atrium/shared/constants';
import { UPLOAD_EXTENSIONS, formatBytes, supportedFormats, type AssetKind } from '@atrium/shared/assets/kinds';
import type { Asset } from '@atrium/shared/assets/schema';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { assetKeys } from '../../api/keys.ts';
import { ImageCropper } from '../profile/ImageCropper.tsx';
import { uploadAsset, useAsset } from './queries.ts';
import { acceptFor, hasFile, limitFor } from './accept.ts';
import { AssetCommonFields, type CommonValues } from './AssetFields.tsx';
import { ModelPreview } from './ModelPreview.tsx';
import { ModelStats } from './ModelStats.tsx';
import './i18n.ts';
import './mantine-assets.ts';

interface Values extends CommonValues {
  provider: 'Source' | 'Youtube';
  youtubeUrl: string;
  text: string;
  hyperlink: string;
  url: string;
}

const defaults = (kind: AssetKind): Values => ({
  title: '',
  description: '',
  tags: '',
  licenseId: '',
  collisions: kind === 'text3d' || kind === 'hyperText' ? 'None' : 'Precise',
  provider: 'Source',
  youtubeUrl: '',
  text: '',
  hyperlink: '',
  url: '',
});

const formatsOf = (kind: AssetKind) =>
  kind === 'picture' || kind === 'video' || kind === 'audio' || kind === 'model3d' ? supportedFormats(kind) : '';

/**
 * Spec §2 asset upload dialog for one kind: dropzone with the §5 types and limits, the image cropper
 * for pictures, upload progress (XHR), then for models the optimisation progress, stats and the
 * web-budget warning. The editor's Add Content panel opens the same component.
 */
export function UploadDialog({
  kind,
  opened,
  onClose,
  onUploaded,
}: {
  kind: AssetKind;
  opened: boolean;
  onClose: () => void;
  onUploaded?: (asset: Asset) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const form = useForm<Values>({ defaultValues: defaults(kind) });
  const [files, setFiles] = useState<File[]>([]);
  const [cropping, setCropping] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploadedId, setUploadedId] = useState<string | null>(null);
  // The engine is heavy; the 3D preview starts only when asked for.
  const [previewing, setPreviewing] = useState(false);
  const uploaded = useAsset(kind, uploadedId);
  const provider = form.watch('provider');
  const limit = limitFor(kind);
  const preview = useMemo(() => (kind === 'picture' && files[0] ? URL.createObjectURL(files[0]) : null), [kind, files]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const reset = () => {
    form.reset(defaults(kind));
    setFiles([]);
    setSent(null);
    setError(null);
    setUploadedId(null);
    setPreviewing(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const onReject = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    setError(code === 'file-too-large' ? msg.asset.tooLarge(formatBytes(limit)) : msg.asset.unsupportedType(formatsOf(kind)));
  };
  const onDrop = (dropped: File[]) => {
    setError(null);
    setFiles(kind === 'model3d' ? [...files, ...dropped] : dropped.slice(0, 1));
  };

  const submit = form.handleSubmit(async (v) => {
    setError(null);
    const fields: Record<string, string> = { collisions: v.collisions };
    if (v.title) fields.title = v.title;
    if (v.description) fields.description = v.description;
    if (v.tags) fields.tags = v.tags;
    if (v.licenseId) fields.licenseId = v.licenseId;
    if (kind === 'video') {
      fields.provider = v.provider;
      if (v.provider === 'Youtube') fields.youtubeUrl = v.youtubeUrl;
    }
    if (kind === 'text3d' || kind === 'hyperText') fields.text = v.text;
    if (kind === 'hyperText') fields.hyperlink = v.hyperlink;
    if (kind === 'webView3d') fields.url = v.url;
    const sendFiles = kind === 'video' && v.provider === 'Youtube' ? [] : files;
    if (hasFile(kind) && !(kind === 'video' && v.provider === 'Youtube') && sendFiles.length === 0) {
      setError(msg.required);
      return;
    }
    setSent(0);
    try {
      const asset = await uploadAsset(kind, fields, sendFiles, setSent);
      void qc.invalidateQueries({ queryKey: assetKeys.all });
      onUploaded?.(asset);
      if (asset.status === 'processing') setUploadedId(asset.id);
      else close();
    } catch (err) {
      setSent(null);
      if (err instanceof ApiError) {
        const fe = err.fieldErrors();
        for (const [k, m] of Object.entries(fe)) if (k !== 'file') form.setError(k as keyof Values, { message: m });
        setError(fe.file ?? err.message);
      } else setError(msg.somethingWentWrong);
    }
  });

  const processing = uploaded.data;
  const kindLabel = t(`assets.kinds.${kind}`);
  return (
    <Modal opened={opened} onClose={close} title={t('assets.uploadKind', { kind: kindLabel })} size="lg" zIndex={THEME.modalZIndex} centered>
      {processing ? (
        <Stack data-testid="upload-result">
          {previewing && processing.modelUrl ? (
            <ModelPreview asset={processing} />
          ) : (
            processing.thumbnailUrl && <Image src={processing.thumbnailUrl} alt="" radius="lg" h={220} fit="contain" />
          )}
          <Text fw={700}>{processing.title}</Text>
          {processing.status === 'processing' && (
            <>
              <Text size="sm">{t('assets.processing', { pct: processing.progress })}</Text>
              <Progress value={processing.progress} animated data-testid="processing-progress" />
            </>
          )}
          {processing.status === 'failed' && <Alert color="red">{processing.error}</Alert>}
          {processing.status === 'ready' && <Text c="teal" fw={600}>{t('assets.ready')}</Text>}
          <ModelStats asset={processing} />
          <Group justify="flex-end">
            {processing.status === 'ready' && !previewing && (
              <Button variant="light" leftSection={<IconCube size={16} />} onClick={() => setPreviewing(true)}>
                {t('assets.open3d')}
              </Button>
            )}
            <Button onClick={close} disabled={processing.status === 'processing'}>
              {t('assets.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <Stack>
            {kind === 'video' && (
              <SegmentedControl
                value={provider}
                onChange={(p) => form.setValue('provider', p as Values['provider'])}
                data={(['Source', 'Youtube'] as const).map((p) => ({ value: p, label: t(`assets.providers.${p}`) }))}
              />
            )}
            {hasFile(kind) && !(kind === 'video' && provider === 'Youtube') && (
              <Dropzone
                onDrop={onDrop}
                onReject={onReject}
                accept={acceptFor(kind)}
                maxSize={limit}
                multiple={kind === 'model3d'}
                data-testid="asset-dropzone"
              >
                <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
                  <IconUpload size={36} stroke={1.5} />
                  <div>
                    <Text fw={600}>{kind === 'model3d' ? t('assets.dropModel') : t('assets.dropHere')}</Text>
                    <Text size="sm" c="dimmed">
                      {t('assets.accepts', {
                        types: kind === 'model3d' ? UPLOAD_EXTENSIONS.model3d.join(' ') : formatsOf(kind),
                        limit: formatBytes(limit),
                      })}
                    </Text>
                  </div>
                </Group>
              </Dropzone>
            )}
            {files.length > 0 && (
              <Group gap="sm" data-testid="chosen-files">
                {preview && <Image src={preview} alt="" w={96} h={96} radius="md" fit="cover" />}
                <Text size="sm">{files.map((f) => f.name).join(', ')}</Text>
                {kind === 'picture' && (
                  <Button variant="light" size="xs" leftSection={<IconCrop size={16} />} onClick={() => setCropping(true)}>
                    {t('assets.crop')}
                  </Button>
                )}
              </Group>
            )}
            {kind === 'video' && provider === 'Youtube' && (
              <TextInput label={t('assets.youtubeUrl')} {...form.register('youtubeUrl')} error={form.formState.errors.youtubeUrl?.message} />
            )}
            {(kind === 'text3d' || kind === 'hyperText') && (
              <Textarea label={t('assets.text')} autosize minRows={2} {...form.register('text')} error={form.formState.errors.text?.message} />
            )}
            {kind === 'hyperText' && (
              <TextInput label={t('assets.hyperlink')} {...form.register('hyperlink')} error={form.formState.errors.hyperlink?.message} />
            )}
            {kind === 'webView3d' && (
              <TextInput label={t('assets.url')} placeholder="https://" {...form.register('url')} error={form.formState.errors.url?.message} />
            )}
            <AssetCommonFields form={form} />
            {error && (
              <Alert color="red" data-testid="upload-error">
                {error}
              </Alert>
            )}
            {sent != null && (
              <Stack gap={4}>
                <Text size="sm">{t('assets.uploading', { pct: Math.round(sent * 100) })}</Text>
                <Progress value={sent * 100} data-testid="upload-progress" />
              </Stack>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('assets.cancel')}
              </Button>
              <Button type="submit" loading={sent != null} data-testid="upload-submit">
                {t('assets.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {cropping && preview && (
        <ImageCropper
          src={preview}
          onCancel={() => setCropping(false)}
          onDone={(jpeg) => {
            // Spec §4: the cropped file replaces the original.
            const base = files[0]?.name.replace(/\.[^.]+$/, '') ?? 'image';
            setFiles([new File([jpeg], `${base}.jpg`, { type: 'image/jpeg' })]);
            setCropping(false);
          }}
        />
      )}
    </Modal>
  );
}
