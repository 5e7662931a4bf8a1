import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput, Textarea, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconMapPin, IconMusicOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  AddTourCommand, AddTourPointCommand, RemoveTourCommand, RemoveTourPointCommand, ReorderTourPointCommand, SetEntryPointCommand,
  UpdateTourCommand, UpdateTourPointCommand,
} from '@atrium/engine';
import type { GuidedTour } from '@atrium/shared';
import { cleanDurationPart, durationSeconds, formatDuration, padDurationPart } from './duration.ts';
import { audioUriOf } from './assetItems.ts';
import { newId } from './ids.ts';
import { PickAsset } from './PickAsset.tsx';
import type { EditorSession, EditorSnapshot } from './session.ts';
import classes from './Editor.module.css';

/** Spec §5 duration input (mm:ss): digits only, each part capped at 59, padded on blur. */
function DurationInput({ seconds, onChange }: { seconds: number; onChange: (s: number) => void }) {
  const { t } = useTranslation();
  const shown = formatDuration(seconds);
  const [mm, setMm] = useState(shown.minutes);
  const [ss, setSs] = useState(shown.seconds);
  const commit = (m: string, s: string) => onChange(durationSeconds(m, s));
  return (
    <div>
      <Text size="sm" fw={500}>
        {t('editor.paths.duration')}
      </Text>
      <Group gap={4} wrap="nowrap">
        <TextInput aria-label={t('editor.paths.minutes')} w={56} value={mm} inputMode="numeric" data-testid="tour-minutes"
          onChange={(e) => { const v = cleanDurationPart(e.currentTarget.value); setMm(v); commit(v, ss); }}
          onBlur={() => setMm(padDurationPart(mm))} />
        <Text>:</Text>
        <TextInput aria-label={t('editor.paths.seconds')} w={56} value={ss} inputMode="numeric" data-testid="tour-seconds"
          onChange={(e) => { const v = cleanDurationPart(e.currentTarget.value); setSs(v); commit(mm, v); }}
          onBlur={() => setSs(padDurationPart(ss))} />
      </Group>
    </div>
  );
}

function TourEditor({ session, tour, selected }: { session: EditorSession; tour: GuidedTour; selected: string | null }) {
  const { t } = useTranslation();
  const update = (patch: Partial<Pick<GuidedTour, 'title' | 'description' | 'duration' | 'public'>>) => session.execute(new UpdateTourCommand(tour.id, patch));
  return (
    <Stack gap={6} className={classes.card} data-testid={`tour-${tour.id}`}>
      <TextInput size="xs" label={t('editor.paths.title')} value={tour.title} onChange={(e) => update({ title: e.currentTarget.value })} data-testid="tour-title" />
      <Textarea size="xs" label={t('editor.paths.description')} value={tour.description} autosize minRows={1} onChange={(e) => update({ description: e.currentTarget.value })} />
      <DurationInput seconds={tour.duration} onChange={(duration) => update({ duration })} />
      <Switch size="xs" label={t('editor.paths.public')} checked={tour.public} onChange={(e) => update({ public: e.currentTarget.checked })} />
      <Stack gap={2} data-testid="tour-points">
        {tour.points.map((p, i) => (
          <Stack key={p.id} gap={0} data-testid="tour-point">
            <Group gap={4} justify="space-between" wrap="nowrap">
              {/* The point's name opens its Properties (title, description, audio). */}
              <UnstyledButton
                className={classes.pointName}
                data-active={selected === p.id || undefined}
                onClick={() => session.selectTourPoint({ tourId: tour.id, pointId: p.id })}
                data-testid="tour-point-name"
              >
                <Text size="sm" truncate>
                  {p.title || t('editor.paths.pointName', { n: i + 1 })}
                </Text>
              </UnstyledButton>
              <Group gap={0} wrap="nowrap">
                <PickAsset
                  kind="audio"
                  iconOnly
                  label={p.audioUri ? t('editor.paths.replaceAudio') : t('editor.paths.addAudio')}
                  testId="point-audio"
                  onPick={(a) => {
                    const audioUri = audioUriOf(a);
                    if (audioUri) session.execute(new UpdateTourPointCommand(tour.id, p.id, { audioUri }));
                  }}
                />
                <ActionIcon size="sm" variant="subtle" aria-label={t('editor.paths.up')} disabled={i === 0} onClick={() => session.execute(new ReorderTourPointCommand(tour.id, i, i - 1))}>
                  <IconChevronUp size={14} />
                </ActionIcon>
                <ActionIcon size="sm" variant="subtle" aria-label={t('editor.paths.down')} disabled={i === tour.points.length - 1} onClick={() => session.execute(new ReorderTourPointCommand(tour.id, i, i + 1))}>
                  <IconChevronDown size={14} />
                </ActionIcon>
                <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('editor.paths.remove')} onClick={() => session.execute(new RemoveTourPointCommand(tour.id, p.id))}>
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            </Group>
            {p.audioUri && (
              <Group gap={4} wrap="nowrap" pl="xs">
                <Text size="xs" c="dimmed" data-testid="point-audio-set">
                  {t('editor.paths.hasAudio')}
                </Text>
                <ActionIcon size="xs" variant="subtle" color="gray" aria-label={t('editor.paths.removeAudio')} onClick={() => session.execute(new UpdateTourPointCommand(tour.id, p.id, { audioUri: undefined }))}>
                  <IconMusicOff size={12} />
                </ActionIcon>
              </Group>
            )}
          </Stack>
        ))}
      </Stack>
      {/* One under the other: side by side in the narrow sidebar the labels were cut ("Add point from"). */}
      <Stack gap="xs">
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          data-testid="add-tour-point"
          onClick={() => {
            const pose = session.engine.getCameraPose();
            const id = newId('point');
            session.execute(new AddTourPointCommand(tour.id, { id, title: t('editor.paths.pointName', { n: tour.points.length + 1 }), description: '', position: pose.position, rotation: pose.rotation, scale: [1, 1, 1] }));
            // A new point opens its Properties at once, ready to be named.
            session.selectTourPoint({ tourId: tour.id, pointId: id });
          }}
        >
          {t('editor.paths.addPoint')}
        </Button>
        <Button size="xs" variant="default" disabled={tour.points.length === 0} onClick={() => session.engine.tours.play(tour.id)}>
          {t('editor.paths.preview')}
        </Button>
      </Stack>
      <Button size="xs" variant="subtle" color="red" onClick={() => session.execute(new RemoveTourCommand(tour.id))}>
        {t('editor.paths.removeTour')}
      </Button>
    </Stack>
  );
}

/** Step 4: guided tours from camera points, and the entry point. */
export function PathsPanel({ session, snap }: { session: EditorSession; snap: EditorSnapshot }) {
  const { t } = useTranslation();
  const tours = snap.document.guidedTours;
  return (
    <Stack gap="xs">
      <div className={classes.sectionTitle}>{t('editor.paths.tours')}</div>
      {tours.map((tour) => (
        <TourEditor key={tour.id} session={session} tour={tour} selected={snap.tourPoint?.tourId === tour.id ? snap.tourPoint.pointId : null} />
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        data-testid="add-tour"
        onClick={() => session.execute(new AddTourCommand({ id: newId('tour'), title: t('editor.paths.newTour', { n: tours.length + 1 }), description: '', duration: 0, public: true, points: [] }))}
      >
        {t('editor.paths.addTour')}
      </Button>
      <div className={classes.sectionTitle}>{t('editor.paths.entry')}</div>
      <Text size="sm" c="dimmed">
        {t('editor.paths.entryText')}
      </Text>
      <Button
        variant="light"
        leftSection={<IconMapPin size={16} />}
        onClick={() => {
          const pose = session.engine.getCameraPose();
          session.execute(new SetEntryPointCommand([pose.position[0], 0, pose.position[2]], [0, pose.rotation[1], 0]));
        }}
      >
        {t('editor.paths.setEntry')}
      </Button>
    </Stack>
  );
}
