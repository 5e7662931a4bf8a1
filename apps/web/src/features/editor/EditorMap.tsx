import { useRef } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMapCanvas } from '../viewer/mapCanvas.ts';
import { mapToWorld } from '../viewer/mapProjection.ts';
import type { EditorSession } from './session.ts';
import classes from './EditorTools.module.css';

const SIZE = 196;
const REFRESH_MS = 250;

/**
 * The editor's mini map: the plan of the level being edited (others faint), the camera with its
 * heading, and the entry point. A click brings that spot into view. Drawn with the viewer's map.
 */
export function EditorMap({ session, inspectorOpen }: { session: EditorSession; inspectorOpen: boolean }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const view = useMapCanvas(session.engine, canvas, SIZE, REFRESH_MS, () => {
    const doc = session.history.document;
    return { levelIndex: session.tools.levelIndex, entry: { x: doc.startingPosition[0], z: doc.startingPosition[2] }, fitCamera: true };
  });

  const moveCamera = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const v = view.current;
    if (!v) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const [x, z] = mapToWorld(v.frame, ((e.clientX - rect.left) / rect.width) * SIZE, ((e.clientY - rect.top) / rect.height) * SIZE);
    const elevation = v.info.levels[session.tools.levelIndex]?.elevation ?? 0;
    session.engine.focusOn([x, elevation, z]);
  };

  return (
    <section className={classes.map} data-beside-inspector={inspectorOpen} aria-label={t('editor.map.title')} data-testid="editor-map">
      <canvas ref={canvas} className={classes.mapCanvas} onClick={moveCamera} role="img" aria-label={t('editor.map.canvas')} data-testid="editor-map-canvas" />
      <Text size="xs" c="dimmed" mt={4}>
        {t('editor.map.hint')}
      </Text>
    </section>
  );
}
