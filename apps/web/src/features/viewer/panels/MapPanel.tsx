import { useEffect, useRef } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Engine, MapInfo } from '@atrium/engine';
import { THEME } from '@atrium/shared/constants';
import { fitMap, headingOnMap, mapToWorld, worldToMap, type MapFrame } from '../mapProjection.ts';
import type { PanelProps } from './registry.ts';

const SIZE = 280;
const REFRESH_MS = 150;

function draw(ctx2d: CanvasRenderingContext2D, info: MapInfo, frame: MapFrame, dpr: number) {
  ctx2d.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx2d.clearRect(0, 0, SIZE, SIZE);
  ctx2d.fillStyle = '#f3f8fd';
  ctx2d.fillRect(0, 0, SIZE, SIZE);
  const level = info.levels[info.player.levelIndex]?.id;
  ctx2d.lineCap = 'round';
  for (const w of info.walls) {
    const current = w.levelId === level || info.walls.length === 1;
    ctx2d.strokeStyle = current ? '#1d2733' : 'rgba(29,39,51,0.18)';
    ctx2d.lineWidth = current ? 3 : 1.5;
    for (const [x1, z1, x2, z2] of w.segments) {
      const [ax, ay] = worldToMap(frame, x1, z1);
      const [bx, by] = worldToMap(frame, x2, z2);
      ctx2d.beginPath();
      ctx2d.moveTo(ax, ay);
      ctx2d.lineTo(bx, by);
      ctx2d.stroke();
    }
  }
  const [px, py] = worldToMap(frame, info.player.x, info.player.z);
  ctx2d.save();
  ctx2d.translate(px, py);
  ctx2d.rotate(headingOnMap(info.player.yaw));
  // View cone, then the dot and its heading arrow.
  ctx2d.fillStyle = 'rgba(61,171,255,0.22)';
  ctx2d.beginPath();
  ctx2d.moveTo(0, 0);
  ctx2d.arc(0, 0, 34, -Math.PI / 2 - 0.55, -Math.PI / 2 + 0.55);
  ctx2d.closePath();
  ctx2d.fill();
  ctx2d.fillStyle = THEME.primary;
  ctx2d.strokeStyle = '#ffffff';
  ctx2d.lineWidth = 2;
  ctx2d.beginPath();
  ctx2d.moveTo(0, -11);
  ctx2d.lineTo(6, 5);
  ctx2d.lineTo(0, 2);
  ctx2d.lineTo(-6, 5);
  ctx2d.closePath();
  ctx2d.fill();
  ctx2d.stroke();
  ctx2d.restore();
}

/** Redraws straight onto the canvas on a timer: the player moves every frame, React need not know. */
function useMapCanvas(engine: Engine, canvas: React.RefObject<HTMLCanvasElement | null>) {
  const frameRef = useRef<{ frame: MapFrame; info: MapInfo } | null>(null);
  useEffect(() => {
    const el = canvas.current;
    const c2d = el?.getContext('2d');
    if (!el || !c2d) return;
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    el.width = SIZE * dpr;
    el.height = SIZE * dpr;
    const tick = () => {
      const info = engine.getMapInfo();
      if (!info) return;
      const frame = fitMap(info.bounds, SIZE, SIZE);
      frameRef.current = { frame, info };
      draw(c2d, info, frame, dpr);
    };
    tick();
    const id = window.setInterval(tick, REFRESH_MS);
    return () => window.clearInterval(id);
  }, [engine, canvas]);
  return frameRef;
}

export function MapPanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const current = useMapCanvas(ctx.engine, canvas);

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
