import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconArrowsJoin2, IconArrowsSplit2, IconPencil, IconPlus, IconScissors, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SpaceTemplate } from '@atrium/assets';
import {
  AddLevelCommand, AddOpeningCommand, AddStairsCommand, JoinWallsCommand, RemoveLevelCommand, SplitWallCommand, joinableWall, spaceOf,
  splitProblem, snapToGrid,
} from '@atrium/engine';
import { SCENE_DOCUMENT_VERSION, emptySceneDocument, sceneDocumentV1, type SceneDocument } from '@atrium/shared/scene/document';
import { DOOR_TYPES, STAIR_TYPES, WINDOW_TYPES, type Level, type Wall } from '@atrium/shared/scene/levels';
import { CeilingSection } from './CeilingSection.tsx';
import { newId } from './ids.ts';
import type { EditorSession, EditorSnapshot } from './session.ts';
import { TemplatePicker } from './TemplatePicker.tsx';
import classes from './Editor.module.css';

/** A custom space starts as one empty level to draw walls on. */
const customDocument = (): SceneDocument =>
  sceneDocumentV1.parse({ version: SCENE_DOCUMENT_VERSION, customSpace: { levels: [{ id: 'level-1', walls: [], floors: [], stairs: [] }] } });

const hasWork = (doc: SceneDocument) => JSON.stringify(doc) !== JSON.stringify(emptySceneDocument());

/** Step 1: premade template or custom space, and the room builder (levels, walls, doors, windows, stairs). */
export function DefinePanel({ session, snap }: { session: EditorSession; snap: EditorSnapshot }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<{ doc: SceneDocument; templateId: string | null } | null>(null);
  const [removeLevel, setRemoveLevel] = useState(false);
  const choose = (doc: SceneDocument, templateId: string | null) => {
    if (hasWork(snap.document)) setPending({ doc, templateId });
    else session.replaceDocument(doc, templateId, templateId ? 'template' : 'custom');
  };
  const templateButton = (tpl: SpaceTemplate) => (
    <Button
      size="xs"
      variant={snap.spaceTemplateId === tpl.spaceTemplateId ? 'filled' : 'light'}
      data-testid={`template-${tpl.spaceTemplateId}`}
      onClick={() => choose(sceneDocumentV1.parse({ ...tpl.document, spaceTemplate: { spaceTemplateId: tpl.spaceTemplateId, size: tpl.size } }), tpl.spaceTemplateId)}
    >
      {t('editor.define.use')}
    </Button>
  );

  return (
    <Stack gap="xs">
      <div className={classes.sectionTitle}>{t('editor.define.premade')}</div>
      <TemplatePicker activeId={snap.spaceTemplateId} renderUse={templateButton} />
      <div className={classes.sectionTitle}>{t('editor.define.custom')}</div>
      <Text size="sm" c="dimmed">
        {t('editor.define.customText')}
      </Text>
      <Button variant="light" onClick={() => choose(customDocument(), null)} data-testid="custom-space">
        {t('editor.define.custom')}
      </Button>
      <RoomBuilder session={session} snap={snap} onRemoveLevel={() => setRemoveLevel(true)} />
      <CeilingSection session={session} snap={snap} />

      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t('editor.define.confirmTitle')} centered>
        <Text mb="lg">{t('editor.define.confirmText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPending(null)}>
            {t('editor.define.cancel')}
          </Button>
          <Button
            data-testid="confirm-switch"
            onClick={() => {
              if (pending) session.replaceDocument(pending.doc, pending.templateId, pending.templateId ? 'template' : 'custom');
              setPending(null);
            }}
          >
            {t('editor.define.continue')}
          </Button>
        </Group>
      </Modal>
      <Modal opened={removeLevel} onClose={() => setRemoveLevel(false)} title={t('editor.define.removeLevelTitle')} centered>
        <Text mb="lg">{t('editor.define.removeLevelText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRemoveLevel(false)}>
            {t('editor.define.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              const last = spaceOf(session.history.document).levels.at(-1);
              if (last) session.execute(new RemoveLevelCommand(last.id));
              setRemoveLevel(false);
            }}
          >
            {t('editor.define.continue')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

function RoomBuilder({ session, snap, onRemoveLevel }: { session: EditorSession; snap: EditorSnapshot; onRemoveLevel: () => void }) {
  const { t } = useTranslation();
  const levels = spaceOf(snap.document).levels;
  const level = levels.find((l) => l.id === snap.levelId) ?? levels[0];
  const [wallId, setWallId] = useState<string | null>(null);
  // A wall split with the split tool becomes the chosen wall, ready for a door or a join.
  useEffect(() => session.tools.events.on('wallSplit', ({ newWallId }) => setWallId(newWallId)), [session]);
  const wall = level?.walls.find((w) => w.id === wallId) ?? level?.walls.at(-1);
  const [doorType, setDoorType] = useState<string>('Single');
  const [windowType, setWindowType] = useState<string>('Single');
  const [stairsType, setStairsType] = useState<string>('Straight');
  const drawing = snap.tool === 'drawWall';
  const splitting = snap.tool === 'splitWall';
  const joinWith = level && wall ? joinableWall(level, wall.id) : null;
  const wallLength = wall ? Math.hypot(wall.end[0] - wall.start[0], wall.end[1] - wall.start[1]) : 0;

  const addOpening = (kind: 'door' | 'window') => {
    if (!level || !wall) return;
    const width = kind === 'door' ? (doorType === 'Double' ? 1.6 : 0.9) : windowType === 'Panoramic' ? Math.min(3, wallLength - 0.4) : 1.2;
    if (width <= 0 || width > wallLength - 0.1) return;
    const opening =
      kind === 'door'
        ? { id: newId('door'), kind, type: doorType as (typeof DOOR_TYPES)[number], offset: wallLength / 2, width, height: 2.1, sill: 0 }
        : { id: newId('window'), kind, type: windowType as (typeof WINDOW_TYPES)[number], offset: wallLength / 2, width, height: 1.2, sill: 1 };
    session.execute(new AddOpeningCommand(level.id, wall.id, opening));
  };

  return (
    <>
      <div className={classes.sectionTitle}>{t('editor.define.builder')}</div>
      <Group gap="xs">
        <Select
          aria-label={t('editor.define.level')}
          size="xs"
          w={120}
          value={level?.id ?? null}
          data={levels.map((l, i) => ({ value: l.id, label: l.name ?? t('editor.define.levelName', { n: i + 1 }) }))}
          onChange={(v) => session.setLevel(v)}
        />
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => session.execute(new AddLevelCommand(newId('level')))} data-testid="add-level">
          {t('editor.define.addLevel')}
        </Button>
        <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} disabled={levels.length === 0} onClick={onRemoveLevel}>
          {t('editor.define.removeLevel')}
        </Button>
      </Group>
      <Button
        leftSection={<IconPencil size={16} />}
        variant={drawing ? 'filled' : 'light'}
        onClick={() => {
          session.setLevel(level?.id ?? null);
          session.setTool(drawing ? 'select' : 'drawWall');
        }}
        data-testid="draw-walls"
      >
        {drawing ? t('editor.define.stopDrawing') : t('editor.define.drawWalls')}
      </Button>
      {drawing && (
        <Text size="xs" c="dimmed">
          {t('editor.define.drawHint')}
        </Text>
      )}
      {level && level.walls.length > 0 ? (
        <Stack gap={6}>
          <Select
            label={t('editor.define.wall')}
            size="xs"
            value={wall?.id ?? null}
            data={level.walls.map((w, i) => ({
              value: w.id,
              label: t('editor.define.wallLabel', { n: i + 1, length: Math.hypot(w.end[0] - w.start[0], w.end[1] - w.start[1]).toFixed(1) }),
            }))}
            onChange={setWallId}
            data-testid="wall-select"
          />
          <Group gap="xs" grow>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArrowsSplit2 size={14} />}
              title={t('editor.walls.splitTitle')}
              disabled={!wall || splitPoint(wall, session.tools.wallGridStep) === null}
              onClick={() => {
                if (!level || !wall) return;
                setWallId(wall.id);
                splitInMiddle(session, level, wall);
              }}
              data-testid="split-wall"
            >
              {t('editor.walls.split')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArrowsJoin2 size={14} />}
              title={joinWith ? t('editor.walls.joinTitle') : t('editor.walls.cannotJoin')}
              disabled={!joinWith}
              onClick={() => level && wall && joinWith && joinWalls(session, level, wall, joinWith)}
              data-testid="join-wall"
            >
              {t('editor.walls.join')}
            </Button>
          </Group>
          <Button
            size="xs"
            fullWidth
            variant={splitting ? 'filled' : 'light'}
            leftSection={<IconScissors size={14} />}
            aria-pressed={splitting}
            onClick={() => {
              session.setLevel(level?.id ?? null);
              session.setTool(splitting ? 'select' : 'splitWall');
            }}
            data-testid="split-tool"
          >
            {t('editor.walls.splitTool')}
          </Button>
          {splitting && (
            <Text size="xs" c="dimmed">
              {t('editor.walls.splitHint')}
            </Text>
          )}
          <Group gap="xs" grow>
            <Select aria-label={t('editor.define.doorType')} size="xs" value={doorType} data={[...DOOR_TYPES]} onChange={(v) => v && setDoorType(v)} />
            <Button size="xs" onClick={() => addOpening('door')} data-testid="add-door">
              {t('editor.define.addDoor')}
            </Button>
          </Group>
          <Group gap="xs" grow>
            <Select aria-label={t('editor.define.windowType')} size="xs" value={windowType} data={[...WINDOW_TYPES]} onChange={(v) => v && setWindowType(v)} />
            <Button size="xs" onClick={() => addOpening('window')} data-testid="add-window">
              {t('editor.define.addWindow')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">
          {t('editor.define.noWalls')}
        </Text>
      )}
      <Group gap="xs" grow>
        <Select aria-label={t('editor.define.stairsType')} size="xs" value={stairsType} data={[...STAIR_TYPES]} onChange={(v) => v && setStairsType(v)} />
        <Button
          size="xs"
          disabled={!level}
          data-testid="add-stairs"
          onClick={() => {
            if (!level) return;
            const at = session.tools.placementInView('stairs').position;
            session.execute(
              new AddStairsCommand(level.id, {
                id: newId('stairs'), type: stairsType as (typeof STAIR_TYPES)[number], position: [at[0], 0, at[2]], rotation: 0,
                width: 1.2, rise: 4, stepCount: 20, stepDepth: 0.3,
              }),
            );
          }}
        >
          {t('editor.define.addStairs')}
        </Button>
      </Group>
    </>
  );
}

/** Where the Split button cuts: the grid point nearest the middle that is clear of doors and windows. */
function splitPoint(wall: Wall, step: number): number | null {
  const length = Math.hypot(wall.end[0] - wall.start[0], wall.end[1] - wall.start[1]);
  const middle = snapToGrid(length / 2, step) || length / 2;
  const candidates = [middle, length / 2];
  for (let k = 1; step > 0 && k * step < length / 2; k++) candidates.push(middle - k * step, middle + k * step);
  return candidates.find((at) => splitProblem(wall, at) === null) ?? null;
}

function splitInMiddle(session: EditorSession, level: Level, wall: Wall) {
  const at = splitPoint(wall, session.tools.wallGridStep);
  if (at === null) return;
  session.execute(new SplitWallCommand(level.id, wall.id, at, newId('wall')));
}

/** The wall drawn first keeps its id and direction, so joining the two parts of a split undoes it exactly. */
function joinWalls(session: EditorSession, level: Level, wall: Wall, other: Wall) {
  const [a, b] = level.walls.indexOf(wall) < level.walls.indexOf(other) ? [wall, other] : [other, wall];
  session.execute(new JoinWallsCommand(level.id, a.id, b.id));
}
