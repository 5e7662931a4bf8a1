import { useState } from 'react';
import { CloseButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { typeTagInput } from '@atrium/shared/publishing/tags';
import './i18n.ts';

/** Spec §5 keywords: a tag is added when ';' or ',' ends the text (2+ characters, no duplicates, at most 10). */
export function TagsInput({
  value,
  onChange,
  label,
  hint,
  error,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  label: string;
  hint: string;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        description={hint}
        value={input}
        error={inputError ?? error ?? undefined}
        onChange={(e) => {
          const r = typeTagInput(e.currentTarget.value, value);
          setInput(r.input);
          setInputError(r.error);
          if (r.tags.length !== value.length) onChange(r.tags);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          const r = typeTagInput(`${input},`, value);
          setInput(r.input);
          setInputError(r.error);
          if (r.tags.length !== value.length) onChange(r.tags);
        }}
        data-testid="tags-input"
      />
      <Group gap={6}>
        {value.map((tag) => (
          <Paper key={tag} withBorder radius="xl" px={10} py={2}>
            <Group gap={4}>
              <Text size="sm">{tag}</Text>
              <CloseButton size="xs" aria-label={t('publishing.wizard.removeTag', { tag })} onClick={() => onChange(value.filter((x) => x !== tag))} />
            </Group>
          </Paper>
        ))}
      </Group>
    </Stack>
  );
}
