import { ActionIcon, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconMusicOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UpdateTourPointCommand } from '@atrium/engine';
import { audioUriOf } from './assetItems.ts';
import { PickAsset } from './PickAsset.tsx';
import type { EditorSession, EditorSnapshot } from './session.ts';
import classes from './Editor.module.css';

/**
 * Properties of the tour point picked in the Paths list: its title and description (what the viewer's
 * tour card shows at that stop) and its audio clip. Every edit is an undoable command; typing merges.
 */
export function TourPointProperties({ session, snap }: { session: EditorSession; snap: EditorSnapshot }) {
  const { t } = useTranslation();
  const ref = snap.tourPoint;
  const tour = ref ? snap.document.guidedTours.find((g) => g.id === ref.tourId) : undefined;
  const index = tour && ref ? tour.points.findIndex((p) => p.id === ref.pointId) : -1;
  const point = tour?.points[index];
  // Removed (or undone away) while open: nothing to show.
  if (!tour || !point) return null;
  const set = (patch: ConstructorParameters<typeof UpdateTourPointCommand>[2]) => session.execute(new UpdateTourPointCommand(tour.id, point.id, patch));
  return (
    <aside className={classes.inspector} data-testid="tour-point-properties">
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Title order={4}>{t('editor.inspector.title')}</Title>
        <ActionIcon variant="subtle" color="gray" aria-label={t('editor.paths.closeProperties')} onClick={() => session.selectTourPoint(null)}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {t('editor.paths.pointOf', { n: index + 1, tour: tour.title || t('editor.paths.newTour', { n: snap.document.guidedTours.indexOf(tour) + 1 }) })}
      </Text>
      <Stack gap="sm">
        <TextInput label={t('editor.paths.title')} value={point.title} maxLength={200} onChange={(e) => set({ title: e.currentTarget.value })} data-testid="point-title" />
        <Textarea
          label={t('editor.paths.description')}
          value={point.description}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={10_000}
          onChange={(e) => set({ description: e.currentTarget.value })}
          data-testid="point-description"
        />
        <Group gap={4} wrap="nowrap">
          <PickAsset
            kind="audio"
            variant="light"
            label={point.audioUri ? t('editor.paths.replaceAudio') : t('editor.paths.addAudio')}
            onPick={(a) => {
              const audioUri = audioUriOf(a);
              if (audioUri) set({ audioUri });
            }}
          />
          {point.audioUri && (
            <ActionIcon variant="subtle" color="gray" aria-label={t('editor.paths.removeAudio')} onClick={() => set({ audioUri: undefined })}>
              <IconMusicOff size={14} />
            </ActionIcon>
          )}
        </Group>
      </Stack>
    </aside>
  );
}
