import { useRef } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMapCanvas } from '../mapCanvas.ts';
import { mapToWorld } from '../mapProjection.ts';
import type { PanelProps } from './registry.ts';

const SIZE = 280;
const REFRESH_MS = 150;

export function MapPanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const current = useMapCanvas(ctx.engine, canvas, SIZE, REFRESH_MS);

  const teleport = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const c = current.current;
    if (!c) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const [x, z] = mapToWorld(c.frame, ((e.clientX - rect.left) / rect.width) * SIZE, ((e.clientY - rect.top) / rect.height) * SIZE);
    const elevation = c.info.levels[c.info.player.levelIndex]?.elevation ?? 0;
    ctx.engine.teleport([x, elevation, z]);
  };

  return (
    <Stack gap="sm">
      <canvas
        ref={canvas}
        onClick={teleport}
        aria-label={t('viewer.map.canvas')}
        role="img"
        data-testid="viewer-map"
        style={{ width: '100%', maxWidth: SIZE, aspectRatio: '1 / 1', borderRadius: 20, cursor: 'crosshair', alignSelf: 'center', boxShadow: 'inset 0 0 0 1px rgba(0,0,0,0.06)' }}
      />
      <Text size="sm" c="dimmed" ta="center">
        {t('viewer.map.hint')}
      </Text>
    </Stack>
  );
}
