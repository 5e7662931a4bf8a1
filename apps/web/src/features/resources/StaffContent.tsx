import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@atrium/shared/i18n/languages';
import { notify } from '../../notify.ts';
import { useDeleteContent, useSaveContent, type ContentKind, type FaqInput, type GlossaryInput, type VideoInput } from './contentQueries.ts';


interface Field {
  name: string;
  multiline?: boolean;
  number?: boolean;
  optional?: boolean;
}

const FIELDS: Record<ContentKind, Field[]> = {
  faq: [{ name: 'question' }, { name: 'answer', multiline: true }, { name: 'category', optional: true }, { name: 'position', number: true, optional: true }, { name: 'slug', optional: true }],
  glossary: [{ name: 'term' }, { name: 'definition', multiline: true }, { name: 'slug', optional: true }],
  video: [{ name: 'title' }, { name: 'youtube' }, { name: 'description', multiline: true, optional: true }, { name: 'position', number: true, optional: true }, { name: 'slug', optional: true }],
};
/** The field an address is made from when staff leave the slug empty. */
const NAMED_BY: Record<ContentKind, string> = { faq: 'question', glossary: 'term', video: 'title' };

const slugify = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

export type ContentEntry = { id: string } & Record<string, string | number>;

/** What the form shows for an entry (a video's embed address is a YouTube address the server accepts). */
function initial(kind: ContentKind, entry?: ContentEntry): Record<string, string> {
  const v: Record<string, string> = {};
  for (const f of FIELDS[kind]) v[f.name] = entry ? String(entry[f.name === 'youtube' ? 'embedUrl' : f.name] ?? '') : '';
  return v;
}

function toInput(kind: ContentKind, v: Record<string, string>): FaqInput | GlossaryInput | VideoInput {
  const slug = v.slug!.trim() || slugify(v[NAMED_BY[kind]] ?? '');
  const position = v.position?.trim() ? Number(v.position) : 0;
  if (kind === 'faq') return { slug, question: v.question!, answer: v.answer!, category: v.category!.trim() || 'general', position };
  if (kind === 'glossary') return { slug, term: v.term!, definition: v.definition! };
  return { slug, title: v.title!, youtube: v.youtube!, description: v.description ?? '', position };
}

/**
 * Staff editing of one FAQ, glossary entry or video tutorial (or a new one): a dialog with the entry's
 * fields, Save and Delete; what the server refuses (bad input, a taken address) is shown in it.
 */
export function StaffContentButton({ kind, entry }: { kind: ContentKind; entry?: ContentEntry }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const save = useSaveContent(kind);
  const del = useDeleteContent(kind);
  const error = (save.error ?? del.error) as Error | null;
  const show = () => {
    setValues(initial(kind, entry));
    setConfirming(false);
    save.reset();
    del.reset();
    setOpen(true);
  };
  const title = entry ? t(`cmsContent.edit.${kind}`) : t(`cmsContent.add.${kind}`);
  // An entry shown in its translation (a French session) is edited from English: saving the form here would
  // write the translated texts over the English original. Its French comes from content/resources/*.fr.md.
  if (entry && 'language' in entry && entry.language !== DEFAULT_LANGUAGE) return null;
  return (
    <>
      {entry ? (
        <Button size="compact-sm" variant="subtle" leftSection={<IconPencil size={14} />} onClick={show} aria-label={`${t('cmsContent.editButton')}: ${String(entry[NAMED_BY[kind]])}`}>
          {t('cmsContent.editButton')}
        </Button>
      ) : (
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={show} data-testid={`add-${kind}`}>
          {title}
        </Button>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={title} size="lg" centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              { id: entry?.id, input: toInput(kind, values) as never },
              {
                onSuccess: () => {
                  notify.success(t('cmsContent.saved'));
                  setOpen(false);
                },
              },
            );
          }}
        >
          <Stack>
            {FIELDS[kind].map((f) => {
              const props = {
                key: f.name,
                label: t(`cmsContent.fields.${f.name}`),
                description: f.name === 'slug' ? t('cmsContent.slugHint') : f.name === 'youtube' ? t('cmsContent.youtubeHint') : undefined,
                required: !f.optional,
                value: values[f.name] ?? '',
                onChange: (e: { currentTarget: { value: string } }) => {
                  const value = e.currentTarget.value;
                  setValues((v) => ({ ...v, [f.name]: value }));
                },
              };
              return f.multiline ? <Textarea {...props} autosize minRows={3} /> : <TextInput {...props} type={f.number ? 'number' : 'text'} />;
            })}
            {error && <Alert color="red">{error.message}</Alert>}
            <Group justify="space-between">
              {entry ? (
                <Button
                  color="red"
                  variant={confirming ? 'filled' : 'subtle'}
                  loading={del.isPending}
                  onClick={() => {
                    if (!confirming) return setConfirming(true);
                    del.mutate(entry.id, {
                      onSuccess: () => {
                        notify.success(t('cmsContent.deleted'));
                        setOpen(false);
                      },
                    });
                  }}
                >
                  {confirming ? t('cmsContent.confirmDelete') : t('cmsContent.delete')}
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" loading={save.isPending}>
                {t('cmsContent.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
