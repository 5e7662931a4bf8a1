import { useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AddCeilingCommand, ceilingOver, ceilingRooms, lampsUnder, removeCeiling, setCeilingHeight, setCeilingLamps, spaceOf } from '@atrium/engine';
import type { Ceiling, Level } from '@atrium/shared';
import { newId } from './ids.ts';
import type { EditorSession, EditorSnapshot } from './session.ts';
import classes from './Editor.module.css';

/** Heights the field accepts (m): below 2 m nobody stands under it; the schema stops at 100. */
const MIN_HEIGHT_M = 2;
const MAX_HEIGHT_M = 30;

/**
 * The level's ceilings in the room builder: add one over a room, its height, lamps on or off,
 * remove it. Material and colour are the "All ceilings" surface in Shape Style, as for walls and floors.
 */
export function CeilingSection({ session, snap }: { session: EditorSession; snap: EditorSnapshot }) {
  const { t } = useTranslation();
  const levels = spaceOf(snap.document).levels;
  const level = levels.find((l) => l.id === snap.levelId) ?? levels[0];
  const rooms = level ? ceilingRooms(level) : [];
  const [roomId, setRoomId] = useState<string | null>(null);
  const room = rooms.find((r) => r.id === roomId) ?? rooms[0];
  const ceilings = level?.ceilings ?? [];
  if (!level) return null;

  return (
    <>
      <div className={classes.sectionTitle}>{t('editor.define.ceilings')}</div>
      <Text size="xs" c="dimmed">
        {t('editor.define.ceilingsHint')}
      </Text>
      {rooms.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('editor.define.noRooms')}
        </Text>
      ) : (
        <Group gap="xs" grow>
          <Select
            aria-label={t('editor.define.ceilingRoom')}
            size="xs"
            value={room?.id ?? null}
            data={rooms.map((r, i) => ({ value: r.id, label: r.id === 'walls' ? t('editor.define.roomWalls') : t('editor.define.roomFloor', { n: i + 1 }) }))}
            onChange={setRoomId}
            data-testid="ceiling-room"
          />
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={!room}
            onClick={() => room && session.execute(new AddCeilingCommand(level.id, ceilingOver(level, room, newId('ceiling'))))}
            data-testid="add-ceiling"
          >
            {t('editor.define.addCeiling')}
          </Button>
        </Group>
      )}
      {ceilings.length === 0 ? (
        <Text size="xs" c="dimmed" data-testid="no-ceilings">
          {t('editor.define.noCeilings')}
        </Text>
      ) : (
        <Stack gap={6} data-testid="ceiling-list">
          {ceilings.map((c, i) => (
            <CeilingRow key={c.id} session={session} snap={snap} level={level} ceiling={c} n={i + 1} />
          ))}
        </Stack>
      )}
    </>
  );
}

function CeilingRow({ session, snap, level, ceiling, n }: { session: EditorSession; snap: EditorSnapshot; level: Level; ceiling: Ceiling; n: number }) {
  const { t } = useTranslation();
  const lit = lampsUnder(snap.document, level.id, ceiling.id).length > 0;
  const lamps = (on: boolean) => {
    const command = setCeilingLamps(session.history.document, level.id, ceiling.id, on, () => newId('prop'));
    if (command) session.execute(command);
  };
  return (
    <Group gap="xs" wrap="nowrap" data-testid={`ceiling-${ceiling.id}`}>
      <Text size="sm" fw={500} style={{ flex: '1 1 auto', minWidth: 0 }}>
        {t('editor.define.ceilingLabel', { n })}
      </Text>
      <NumberInput
        aria-label={t('editor.define.ceilingHeight')}
        size="xs"
        w={92}
        min={MIN_HEIGHT_M}
        max={MAX_HEIGHT_M}
        step={0.1}
        decimalScale={2}
        suffix=" m"
        value={ceiling.height}
        onChange={(v) => {
          const height = typeof v === 'number' ? v : Number.parseFloat(v);
          if (Number.isFinite(height) && height >= MIN_HEIGHT_M && height <= MAX_HEIGHT_M && height !== ceiling.height) {
            session.execute(setCeilingHeight(session.history.document, level.id, ceiling.id, height));
          }
        }}
        data-testid="ceiling-height"
      />
      <Switch size="xs" label={t('editor.define.lamps')} checked={lit} onChange={(e) => lamps(e.currentTarget.checked)} data-testid="ceiling-lamps" />
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('editor.define.removeCeiling')}
        title={t('editor.define.removeCeiling')}
        onClick={() => session.execute(removeCeiling(session.history.document, level.id, ceiling.id))}
        data-testid="remove-ceiling"
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
