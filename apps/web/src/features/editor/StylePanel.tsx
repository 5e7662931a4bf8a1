import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { Button, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { listMaterials, listProps, listSkies, skyUri } from '@atrium/assets';
import { SetEnvironmentCommand, SetSurfaceLookCommand, spaceOf } from '@atrium/engine';
import { msg } from '@atrium/shared';
import { ColourField } from './ColourField.tsx';
import { placeItem } from './ContentPanel.tsx';
import type { EditorSession, EditorSnapshot } from './session.ts';
import classes from './Editor.module.css';

const SURFACES = [
  { value: 'wall:*', label: 'editor.style.walls', categories: ['wall', 'stone', 'wood', 'fabric', 'metal'] },
  { value: 'floor:*', label: 'editor.style.floors', categories: ['floor', 'wood', 'stone'] },
  { value: 'stairs:*', label: 'editor.style.stairs', categories: ['wood', 'stone', 'metal', 'floor'] },
] as const;

/** Step 3: surfaces (material, tint, eraser), environment (skybox) and the props library. */
export function StylePanel({ session, snap }: { session: EditorSession; snap: EditorSnapshot }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string>('wall:*');
  const [query, setQuery] = useState('');
  // Spec §5: picker search is debounced 200 ms.
  const [deferred] = useDebouncedValue(query, 200);
  const space = spaceOf(snap.document);
  const current = space.materialOverrides.find((o) => o.targetId === target);
  const surface = SURFACES.find((s) => s.value === target)!;
  const mats = listMaterials().filter((m) => (surface.categories as readonly string[]).includes(m.category));
  const q = deferred.trim().toLowerCase();
  const props = listProps().filter((p) => !q || p.title.toLowerCase().includes(q) || p.tags.some((tag) => tag.includes(q)) || p.category.includes(q));
  const setLook = (look: { materialId?: string; tint?: string }) =>
    session.execute(new SetSurfaceLookCommand(target, { ...(current?.materialId ? { materialId: current.materialId } : {}), ...(current?.tint ? { tint: current.tint } : {}), ...look }));

  return (
    <Stack gap="xs">
      <div className={classes.sectionTitle}>{t('editor.style.surfaces')}</div>
      <SegmentedControl size="xs" value={target} onChange={setTarget} data={SURFACES.map((s) => ({ value: s.value, label: t(s.label) }))} data-testid="surface-target" />
      <Text size="sm" fw={500}>
        {t('editor.style.material')}
      </Text>
      <div className={classes.swatchGrid} data-testid="material-list">
        {mats.map((m) => (
          <UnstyledButton key={m.id} className={classes.swatch} data-active={current?.materialId === m.id} onClick={() => setLook({ materialId: m.id })} data-testid={`material-${m.id}`} title={m.title}>
            <span className={classes.swatchChip} style={{ background: m.color }} />
            {m.title}
          </UnstyledButton>
        ))}
      </div>
      <ColourField label={t('editor.style.tint')} value={current?.tint ?? '#ffffff'} onChange={(tint) => setLook({ tint })} testId="surface-tint" />
      <Button variant="default" size="xs" leftSection={<IconEraser size={16} />} disabled={!current} onClick={() => session.execute(new SetSurfaceLookCommand(target, {}))}>
        {t('editor.style.eraser')}
      </Button>

      <div className={classes.sectionTitle}>{t('editor.style.environment')}</div>
      <Text size="sm" fw={500}>
        {t('editor.style.sky')}
      </Text>
      <div className={classes.swatchGrid} data-testid="sky-list">
        {listSkies().map((s) => {
          const uri = skyUri(s.id);
          return (
            <UnstyledButton key={s.id} className={classes.swatch} data-active={space.skyUri === uri} onClick={() => session.execute(new SetEnvironmentCommand({ skyUri: uri }))} data-testid={`sky-${s.id}`}>
              <span className={classes.swatchChip} style={{ background: `linear-gradient(${s.top}, ${s.horizon} 70%, ${s.bottom})` }} />
              {s.title}
            </UnstyledButton>
          );
        })}
      </div>

      <div className={classes.sectionTitle}>{t('editor.style.props')}</div>
      <TextInput size="xs" placeholder={t('editor.style.searchProps')} value={query} onChange={(e) => setQuery(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()} data-testid="prop-search" />
      {props.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-props">
          {msg.noPropsFound}
        </Text>
      ) : (
        <Stack gap={4} data-testid="prop-list">
          {props.map((p) => (
            <Button key={p.propId} variant="subtle" size="xs" justify="space-between" onClick={() => placeItem(session, 'props', { propId: p.propId })} data-testid={`prop-${p.propId}`}>
              {p.title}
            </Button>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
