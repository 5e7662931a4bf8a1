import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EVENT_LIMITS } from '@atrium/shared/events/index';
import { ApiError } from '../../api/ApiError.ts';
import type { NewSpaceEvent, SpaceEvent } from './queries.ts';

/** A Date as the value of a datetime-local field (the visitor's own time zone). */
const localValue = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

/** Schedules or edits an event; the server checks the rules again (past, a year ahead, lengths). */
export function EventForm({
  initial,
  onSubmit,
  onCancel,
}: {
  initial?: SpaceEvent;
  onSubmit: (body: NewSpaceEvent) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [start, setStart] = useState(
    localValue(initial ? new Date(initial.startsAt) : new Date(Date.now() + 3_600_000)),
  );
  const [duration, setDuration] = useState<number>(initial?.durationMinutes ?? 60);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const when = new Date(start);
    if (Number.isNaN(when.getTime())) return setErrors({ startsAt: t('gatherings.events.startsAt') });
    setBusy(true);
    try {
      await onSubmit({ title, description, startsAt: when.toISOString(), durationMinutes: duration });
      setErrors({});
    } catch (e) {
      // Field messages come from the server's catalogue (zod issues or the service's own checks).
      const fields = e instanceof ApiError ? e.fieldErrors() : {};
      setErrors(Object.keys(fields).length ? fields : { form: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="xs" data-testid="event-form">
        <TextInput
          label={t('gatherings.events.title')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={EVENT_LIMITS.titleMax}
          error={errors.title}
          required
        />
        <Textarea
          label={t('gatherings.events.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          maxLength={EVENT_LIMITS.descriptionMax}
          autosize
          minRows={2}
          maxRows={5}
          error={errors.description}
        />
        <TextInput
          label={t('gatherings.events.startsAt')}
          type="datetime-local"
          value={start}
          onChange={(e) => setStart(e.currentTarget.value)}
          error={errors.startsAt}
          required
        />
        <NumberInput
          label={t('gatherings.events.duration')}
          value={duration}
          onChange={(v) =>
            setDuration(typeof v === 'number' ? v : Number(v) || EVENT_LIMITS.durationMinMinutes)
          }
          min={EVENT_LIMITS.durationMinMinutes}
          max={EVENT_LIMITS.durationMaxMinutes}
          step={15}
          error={errors.durationMinutes}
        />
        {errors.form && (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('gatherings.events.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {initial ? t('gatherings.events.save') : t('gatherings.events.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
