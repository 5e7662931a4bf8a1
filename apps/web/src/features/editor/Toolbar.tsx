import { ActionIcon, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp, IconArrowForwardUp, IconArrowsMove, IconBuildingCommunity, IconCopy, IconDimensions, IconHome, IconMap2,
  IconMarquee2, IconPlane, IconPointer, IconResize, IconRotate, IconRotate360, IconTrash, IconWalk, IconZoomQuestion,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AddItemsCommand, RemoveItemsCommand, findItem, type CameraMode, type EditorTool } from '@atrium/engine';
import type { PlacedItem } from '@atrium/shared';
import { newId } from './ids.ts';
import type { EditorSession, EditorSnapshot } from './session.ts';
import classes from './Editor.module.css';

const TOOLS: { tool: EditorTool; icon: typeof IconPointer; label: string }[] = [
  { tool: 'select', icon: IconPointer, label: 'editor.tools.select' },
  { tool: 'boxSelect', icon: IconMarquee2, label: 'editor.tools.boxSelect' },
  { tool: 'move', icon: IconArrowsMove, label: 'editor.tools.move' },
  { tool: 'rotate', icon: IconRotate, label: 'editor.tools.rotate' },
  { tool: 'scale', icon: IconResize, label: 'editor.tools.scale' },
  { tool: 'boxScale', icon: IconDimensions, label: 'editor.tools.boxScale' },
  { tool: 'inspect', icon: IconZoomQuestion, label: 'editor.tools.inspect' },
];
const CAMERAS: { mode: CameraMode; icon: typeof IconPointer; label: string }[] = [
  { mode: 'orbit', icon: IconRotate360, label: 'editor.tools.orbit' },
  { mode: 'fly', icon: IconPlane, label: 'editor.tools.fly' },
  { mode: 'player', icon: IconWalk, label: 'editor.tools.player' },
];

/** Duplicates land half a metre to the side, as new items with new ids, in one undo step. */
export function duplicateSelection(session: EditorSession) {
  const doc = session.history.document;
  const entries = session.getSnapshot().selection.flatMap((id) => {
    const found = findItem(doc, id);
    if (!found) return [];
    const p = found.item.position;
    const item = { ...found.item, id: newId(found.kind), position: [p[0] + 0.5, p[1], p[2] + 0.5] } as PlacedItem;
    return [{ kind: found.kind, item }];
  });
  if (entries.length === 0) return;
  session.execute(new AddItemsCommand(entries));
  session.select(entries.map((e) => e.item.id));
}

export function deleteSelection(session: EditorSession) {
  const ids = session.getSnapshot().selection.filter((id) => findItem(session.history.document, id));
  if (ids.length === 0) return;
  session.execute(new RemoveItemsCommand(ids));
  session.engine.select([]);
}

export function Toolbar({ session, snap }: { session: EditorSession; snap: EditorSnapshot }) {
  const { t } = useTranslation();
  const hasSelection = snap.selection.length > 0;
  const btn = (key: string, label: string, Icon: typeof IconPointer, onClick: () => void, opts: { active?: boolean; disabled?: boolean } = {}) => (
    <Tooltip key={key} label={t(label)}>
      <ActionIcon
        size="lg"
        variant={opts.active ? 'filled' : 'subtle'}
        onClick={onClick}
        disabled={opts.disabled}
        aria-label={t(label)}
        aria-pressed={opts.active}
        data-testid={`tool-${key}`}
      >
        <Icon size={20} />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <div
      className={classes.toolbar}
      role="toolbar"
      aria-label={t('editor.tools.label')}
      // With the inspector open on the right, centre over the canvas space that is left.
      style={hasSelection ? { left: 'calc(320px + (100vw - 620px) / 2)' } : undefined}
    >
      {TOOLS.map((x) => btn(x.tool, x.label, x.icon, () => session.setTool(x.tool), { active: snap.tool === x.tool }))}
      <span className={classes.toolbarSep} />
      {btn('duplicate', 'editor.tools.duplicate', IconCopy, () => duplicateSelection(session), { disabled: !hasSelection })}
      {btn('delete', 'editor.tools.delete', IconTrash, () => deleteSelection(session), { disabled: !hasSelection })}
      {btn('undo', 'editor.tools.undo', IconArrowBackUp, () => session.undo(), { disabled: !snap.canUndo })}
      {btn('redo', 'editor.tools.redo', IconArrowForwardUp, () => session.redo(), { disabled: !snap.canRedo })}
      <span className={classes.toolbarSep} />
      {CAMERAS.map((c) => btn(c.mode, c.label, c.icon, () => session.setCameraMode(c.mode), { active: snap.cameraMode === c.mode }))}
      <span className={classes.toolbarSep} />
      {snap.view === 'interior'
        ? btn('view', 'editor.tools.exterior', IconBuildingCommunity, () => session.setView('exterior'), { active: true })
        : btn('view', 'editor.tools.interior', IconHome, () => session.setView('interior'))}
      {btn('map', 'editor.tools.map', IconMap2, () => session.toggleMap(), { active: snap.mapOpen })}
    </div>
  );
}
