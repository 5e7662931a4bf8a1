import { Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Engine } from '@atrium/engine';
import type { SceneMetadata } from '@atrium/shared';
import { useCreator } from './useCreator.ts';
import { formatBytes, progressFraction } from './progress.ts';
import { selectProgress, useEngineState } from './useEngineState.ts';
import classes from './Viewer.module.css';

const NO_PROGRESS = { loadedBytes: 0, totalBytes: 0, loadedItems: 0, totalItems: 0 };

/** Title, cover and a real progress bar until the first frame of the space is on screen. */
export function LoadingOverlay({ engine, metadata }: { engine: Engine | null; metadata: SceneMetadata | undefined }) {
  const { t } = useTranslation();
  const p = useEngineState(engine, selectProgress, NO_PROGRESS);
  const pct = Math.round(progressFraction(p) * 100);
  const creator = useCreator(metadata);
  const cover = metadata?.coverPhotoUri ?? metadata?.thumbnailUri ?? null;
  return (
    <div className={classes.loading} data-testid="viewer-loading">
      {cover && <div className={classes.loadingCover} style={{ backgroundImage: `url("${cover.replace(/"/g, '%22')}")` }} aria-hidden />}
      <Stack className={classes.loadingCard} gap="sm" align="stretch">
        <Text size="xs" fw={700} tt="uppercase" c="atrium.7" ta="center">
          {t('viewer.loading')}
        </Text>
        {metadata && (
          <Title order={2} ta="center" lineClamp={2}>
            {metadata.title}
          </Title>
        )}
        {creator && (
          <Text size="sm" c="dimmed" ta="center">
            {t('viewer.by', { name: creator.name })}
          </Text>
        )}
        <Progress value={pct} size="md" radius="xl" animated={pct < 100} aria-label={t('viewer.loading')} aria-valuenow={pct} mt="xs" />
        <Text size="xs" c="dimmed" ta="center" data-testid="viewer-progress">
          {p.totalItems > 0 ? t('viewer.loadingItems', { loaded: p.loadedItems, total: p.totalItems }) : '\u00a0'}
          {p.loadedBytes > 0 ? ` · ${formatBytes(p.loadedBytes)}${p.totalBytes > p.loadedBytes ? ` / ${formatBytes(p.totalBytes)}` : ''}` : ''}
        </Text>
      </Stack>
    </div>
  );
}

/** After the first frame: a thin bar while textures and models keep streaming in. */
export function StreamingBar({ engine }: { engine: Engine }) {
  const { t } = useTranslation();
  const p = useEngineState(engine, selectProgress, NO_PROGRESS);
  const done = useEngineState(engine, (s) => s.fullyLoaded, false);
  if (done || p.totalItems === 0 || p.loadedItems >= p.totalItems) return null;
  return (
    <div className={classes.streaming} role="status" aria-label={t('viewer.streaming')}>
      <Progress value={progressFraction(p) * 100} size={3} radius={0} />
    </div>
  );
}
