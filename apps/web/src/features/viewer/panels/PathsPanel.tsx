import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Paper, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlayerPlayFilled, IconPlayerSkipBack, IconPlayerSkipForward, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { selectTour, useEngineState } from '../useEngineState.ts';
import type { PanelProps } from './registry.ts';

interface PointInfo {
  tourId: string;
  title: string;
  description: string;
}

export function PathsPanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const { engine } = ctx;
  const tour = useEngineState(engine, selectTour, null);
  const [point, setPoint] = useState<PointInfo | null>(null);
  const tours = ctx.document.guidedTours.filter((g) => g.public && g.points.length > 0);

  useEffect(() => {
    const offProgress = engine.on('tourProgress', (e) => setPoint({ tourId: e.tourId, title: e.title, description: e.description }));
    const offEnd = engine.on('tourEnded', () => setPoint(null));
    return () => {
      offProgress();
      offEnd();
    };
  }, [engine]);

  if (!tours.length) return <Text c="dimmed">{t('viewer.paths.none')}</Text>;

  return (
    <Stack gap="md">
      {tour && (
        <Paper withBorder p="md" radius="lg" aria-live="polite" data-testid="tour-now">
          <Stack gap="xs">
            <Text size="xs" fw={700} c="atrium.7" tt="uppercase">
              {t('viewer.paths.progress', { index: tour.index + 1, count: tour.count })}
            </Text>
            <Progress value={((tour.index + 1) / tour.count) * 100} size="sm" radius="xl" aria-hidden />
            {point && (
              <>
                <Title order={4}>{point.title}</Title>
                {point.description && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {point.description}
                  </Text>
                )}
              </>
            )}
            <Group justify="center" gap="sm" mt="xs">
              <Tooltip label={t('viewer.paths.previous')}>
                <ActionIcon size="lg" variant="light" aria-label={t('viewer.paths.previous')} disabled={tour.index <= 0} onClick={() => void engine.tours.previous()}>
                  <IconPlayerSkipBack size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('viewer.paths.stop')}>
                <ActionIcon size="lg" variant="light" color="gray" aria-label={t('viewer.paths.stop')} onClick={() => engine.tours.stop()}>
                  <IconPlayerStop size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('viewer.paths.next')}>
                <ActionIcon size="lg" aria-label={t('viewer.paths.next')} onClick={() => void engine.tours.next()}>
                  <IconPlayerSkipForward size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Stack>
        </Paper>
      )}
      {tours.map((g) => (
        <Paper key={g.id} withBorder p="md" radius="lg" bg={tour?.tourId === g.id ? 'atrium.0' : undefined}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Text fw={700}>{g.title || t('viewer.paths.untitled')}</Text>
              {g.description && (
                <Text size="sm" c="dimmed" lineClamp={3}>
                  {g.description}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t('viewer.paths.points', { count: g.points.length })}
              </Text>
            </Stack>
            <Button
              size="xs"
              leftSection={<IconPlayerPlayFilled size={14} />}
              // Never squeezed by a long tour title (it read "Pl").
              style={{ flex: 'none' }}
              aria-label={t('viewer.paths.play', { title: g.title || t('viewer.paths.untitled') })}
              onClick={() => void engine.tours.play(g.id)}
            >
              {t('viewer.paths.playButton')}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
