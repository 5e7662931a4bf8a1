import { Select, TextInput, Textarea } from '@mantine/core';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLicenses } from './queries.ts';

export interface CommonValues {
  title: string;
  description: string;
  tags: string;
  licenseId: string;
  collisions: 'None' | 'Simple' | 'Precise';
}

/** Spec §3 fields every asset has: title, description, tags, licence, collisions. */
export function AssetCommonFields<V extends CommonValues & FieldValues>({ form }: { form: UseFormReturn<V> }) {
  const { t } = useTranslation();
  const licenses = useLicenses();
  const err = (k: keyof CommonValues) => (form.formState.errors[k]?.message as string | undefined) ?? undefined;
  const p = (k: keyof CommonValues) => k as Path<V>;
  return (
    <>
      <TextInput label={t('assets.title')} {...form.register(p('title'))} error={err('title')} />
      <Textarea label={t('assets.description')} autosize minRows={2} maxRows={5} {...form.register(p('description'))} error={err('description')} />
      <TextInput label={t('assets.tags')} {...form.register(p('tags'))} error={err('tags')} />
      <Controller
        control={form.control}
        name={p('licenseId')}
        render={({ field }) => (
          <Select
            label={t('assets.license')}
            clearable
            value={(field.value as string) || null}
            onChange={(v) => field.onChange(v ?? '')}
            data={(licenses.data ?? []).map((l) => ({ value: l.licenseId, label: l.title }))}
            error={err('licenseId')}
            comboboxProps={{ zIndex: 10000010 }}
          />
        )}
      />
      <Controller
        control={form.control}
        name={p('collisions')}
        render={({ field }) => (
          <Select
            label={t('assets.collisions')}
            value={field.value as string}
            onChange={(v) => v && field.onChange(v)}
            allowDeselect={false}
            data={(['None', 'Simple', 'Precise'] as const).map((c) => ({ value: c, label: t(`assets.collisionModes.${c}`) }))}
            comboboxProps={{ zIndex: 10000010 }}
          />
        )}
      />
    </>
  );
}
