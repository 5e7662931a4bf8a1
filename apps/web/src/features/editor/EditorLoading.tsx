import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Engine, EngineState } from '@atrium/engine';
import { formatBytes, progressFraction } from '../viewer/progress.ts';
import { selectLifecycle, selectProgress, useEngineState } from '../viewer/useEngineState.ts';
import classes from './Editor.module.css';

const NO_PROGRESS = { loadedBytes: 0, totalBytes: 0, loadedItems: 0, totalItems: 0 };

/**
 * Until the editor is ready: which stage the engine is in and a real percentage, not a blank canvas.
 * Preparing the 3D view (renderer, shaders) is the first tenth; the space's items and bytes, as the
 * engine's loader counts them, are the rest.
 */
export function editorLoadPercent(lifecycle: EngineState['lifecycle'] | null, p: EngineState['progress']): number {
  if (!lifecycle || lifecycle === 'created' || lifecycle === 'ready') return 0;
  return Math.round(10 + 90 * progressFraction(p));
}

export function EditorLoading({ engine }: { engine: Engine | null }) {
  const { t } = useTranslation();
  const lifecycle = useEngineState(engine, selectLifecycle, null);
  const p = useEngineState(engine, selectProgress, NO_PROGRESS);
  const preparing = !lifecycle || lifecycle === 'created' || lifecycle === 'ready';
  const pct = editorLoadPercent(lifecycle, p);
  return (
    <div className={classes.loading} data-testid="editor-loading" data-percent={pct} role="status" aria-live="polite">
      <Stack gap="xs" className={classes.loadingCard}>
        <Text fw={700}>{preparing ? t('editor.opening.preparing') : t('editor.opening.space')}</Text>
        <Progress value={Math.max(pct, 2)} size="md" radius="xl" animated aria-label={t('editor.opening.space')} aria-valuenow={pct} />
        <Text size="xs" c="dimmed" data-testid="editor-loading-progress">
          {pct} %
          {p.totalItems > 0 && ` · ${t('editor.opening.items', { loaded: p.loadedItems, total: p.totalItems })}`}
          {p.loadedBytes > 0 && ` · ${formatBytes(p.loadedBytes)}`}
        </Text>
      </Stack>
    </div>
  );
}
