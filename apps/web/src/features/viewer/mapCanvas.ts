import { useEffect, useRef, type RefObject } from 'react';
import type { Engine, MapInfo } from '@atrium/engine';
import { THEME } from '@atrium/shared/constants';
import { fitMap, headingOnMap, worldToMap, type MapFrame } from './mapProjection.ts';

// The plan-view map drawn on a 2D canvas: the viewer's Map sidebar and the editor's mini map.

export interface MapExtras {
  /** The level drawn strongly (the others faintly); the player's level when omitted. */
  levelIndex?: number;
  /** The entry point, drawn as a green marker (editor). */
  entry?: { x: number; z: number } | null;
  /** Widen the plan so the camera stays on it even when it looks on from far outside (editor orbit). */
  fitCamera?: boolean;
}

export interface MapView {
  frame: MapFrame;
  info: MapInfo;
}

export function drawMap(c: CanvasRenderingContext2D, info: MapInfo, frame: MapFrame, dpr: number, size: number, extras: MapExtras = {}) {
  c.setTransform(dpr, 0, 0, dpr, 0, 0);
  c.clearRect(0, 0, size, size);
  c.fillStyle = '#f3f8fd';
  c.fillRect(0, 0, size, size);
  const level = info.levels[extras.levelIndex ?? info.player.levelIndex]?.id;
  c.lineCap = 'round';
  for (const w of info.walls) {
    const current = w.levelId === level || info.walls.length === 1;
    c.strokeStyle = current ? '#1d2733' : 'rgba(29,39,51,0.18)';
    c.lineWidth = current ? 3 : 1.5;
    for (const [x1, z1, x2, z2] of w.segments) {
      const [ax, ay] = worldToMap(frame, x1, z1);
      const [bx, by] = worldToMap(frame, x2, z2);
      c.beginPath();
      c.moveTo(ax, ay);
      c.lineTo(bx, by);
      c.stroke();
    }
  }
  if (extras.entry) {
    const [ex, ey] = worldToMap(frame, extras.entry.x, extras.entry.z);
    c.fillStyle = '#2f9e44';
    c.strokeStyle = '#ffffff';
    c.lineWidth = 2;
    c.beginPath();
    c.arc(ex, ey, 6, 0, Math.PI * 2);
    c.fill();
    c.stroke();
  }
  const [px, py] = worldToMap(frame, info.player.x, info.player.z);
  c.save();
  c.translate(px, py);
  c.rotate(headingOnMap(info.player.yaw));
  // View cone, then the dot and its heading arrow.
  c.fillStyle = 'rgba(61,171,255,0.22)';
  c.beginPath();
  c.moveTo(0, 0);
  c.arc(0, 0, 34, -Math.PI / 2 - 0.55, -Math.PI / 2 + 0.55);
  c.closePath();
  c.fill();
  c.fillStyle = THEME.primary;
  c.strokeStyle = '#ffffff';
  c.lineWidth = 2;
  c.beginPath();
  c.moveTo(0, -11);
  c.lineTo(6, 5);
  c.lineTo(0, 2);
  c.lineTo(-6, 5);
  c.closePath();
  c.fill();
  c.stroke();
  c.restore();
}

/**
 * Redraws straight onto the canvas on a timer: the camera moves every frame, React need not know.
 * `extras` is read on every tick, so it may change without restarting the timer.
 */
export function useMapCanvas(engine: Engine, canvas: RefObject<HTMLCanvasElement | null>, size: number, refreshMs: number, extras?: () => MapExtras) {
  const view = useRef<MapView | null>(null);
  const extrasRef = useRef(extras);
  extrasRef.current = extras;
  useEffect(() => {
    const el = canvas.current;
    const c2d = el?.getContext('2d');
    if (!el || !c2d) return;
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    el.width = size * dpr;
    el.height = size * dpr;
    const tick = () => {
      const info = engine.getMapInfo();
      if (!info) return;
      const extras = extrasRef.current?.() ?? {};
      const b = info.bounds;
      const { x, z } = info.player;
      const bounds = extras.fitCamera
        ? { minX: Math.min(b.minX, x - 1), maxX: Math.max(b.maxX, x + 1), minZ: Math.min(b.minZ, z - 1), maxZ: Math.max(b.maxZ, z + 1) }
        : b;
      const frame = fitMap(bounds, size, size);
      view.current = { frame, info };
      drawMap(c2d, info, frame, dpr, size, extras);
    };
    tick();
    const id = window.setInterval(tick, refreshMs);
    return () => window.clearInterval(id);
  }, [engine, canvas, size, refreshMs]);
  return view;
}
