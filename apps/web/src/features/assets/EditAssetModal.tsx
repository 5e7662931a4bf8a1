import { useEffect } from 'react';
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { THEME } from '@atrium/shared/constants';
import type { Asset } from '@atrium/shared/assets/schema';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { usePatchAsset } from './queries.ts';
import { AssetCommonFields, type CommonValues } from './AssetFields.tsx';

interface Values extends CommonValues {
  text: string;
  hyperlink: string;
  url: string;
}

const valuesOf = (a: Asset): Values => {
  const f = a.fields as Record<string, string | undefined>;
  return {
    title: a.title,
    description: a.description,
    tags: a.tags.join(', '),
    licenseId: a.licenseId ?? '',
    collisions: a.collisions,
    text: f.text ?? '',
    hyperlink: f.hyperlink ?? '',
    url: f.url ?? '',
  };
};

/** Edits an asset's fields (PATCH /api/{kind}/{id}); field errors come back from the shared schema. */
export function EditAssetModal({ asset, onClose }: { asset: Asset | null; onClose: () => void }) {
  const { t } = useTranslation();
  const patch = usePatchAsset();
  const form = useForm<Values>({ defaultValues: asset ? valuesOf(asset) : undefined });
  useEffect(() => {
    if (asset) form.reset(valuesOf(asset));
  }, [asset, form]);
  if (!asset) return null;
  const isText = asset.kind === 'text3d' || asset.kind === 'hyperText';

  const submit = form.handleSubmit(async (v) => {
    const body: Record<string, unknown> = {
      title: v.title,
      description: v.description,
      tags: v.tags,
      licenseId: v.licenseId || null,
      collisions: v.collisions,
    };
    if (isText) body.text = v.text;
    if (asset.kind === 'hyperText') body.hyperlink = v.hyperlink;
    if (asset.kind === 'webView3d') body.url = v.url;
    try {
      await patch.mutateAsync({ asset, patch: body });
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        const fields = err.fieldErrors();
        for (const [k, m] of Object.entries(fields)) form.setError(k as keyof Values, { message: m });
        if (Object.keys(fields).length === 0) form.setError('root', { message: err.message });
      }
    }
  });

  return (
    <Modal opened onClose={onClose} title={t('assets.edit')} zIndex={THEME.modalZIndex} centered>
      <form onSubmit={(e) => void submit(e)}>
        <Stack>
          <AssetCommonFields form={form} />
          {isText && <Textarea label={t('assets.text')} autosize minRows={2} {...form.register('text')} error={form.formState.errors.text?.message} />}
          {asset.kind === 'hyperText' && <TextInput label={t('assets.hyperlink')} {...form.register('hyperlink')} error={form.formState.errors.hyperlink?.message} />}
          {asset.kind === 'webView3d' && <TextInput label={t('assets.url')} {...form.register('url')} error={form.formState.errors.url?.message} />}
          {form.formState.errors.root && <div role="alert">{form.formState.errors.root.message}</div>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('assets.cancel')}
            </Button>
            <Button type="submit" loading={patch.isPending}>
              {t('assets.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

