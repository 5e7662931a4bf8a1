import { useState } from 'react';
import { Button, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getMaterial, getSky, listMaterials, listThemes } from '@atrium/assets';
import { ApplyThemeCommand, SetSurfaceLookCommand, spaceOf } from '@atrium/engine';
import { ColourField } from './ColourField.tsx';
import { EnvironmentSection } from './EnvironmentSection.tsx';
import { patternSwatch } from './patternSwatch.ts';
import { PropsLibrary } from './PropsLibrary.tsx';
import type { EditorSession, EditorSnapshot } from './session.ts';
import classes from './Editor.module.css';

const SURFACES = [
  { value: 'wall:*', label: 'editor.style.walls', categories: ['wall', 'stone', 'wood', 'fabric', 'metal'] },
  { value: 'floor:*', label: 'editor.style.floors', categories: ['floor', 'wood', 'stone'] },
  { value: 'stairs:*', label: 'editor.style.stairs', categories: ['wood', 'stone', 'metal', 'floor'] },
  { value: 'ceiling:*', label: 'editor.style.ceilings', categories: ['wall', 'wood', 'metal', 'stone'] },
] as const;

/** A theme's look in one chip: sky over walls over floor. */
function ThemeChip({ sky, wall, floor }: { sky: string; wall: string; floor: string }) {
  return (
    <span className={classes.themeChip}>
      <span style={{ background: sky }} />
      <span style={{ background: patternSwatch(wall) }} />
      <span style={{ background: patternSwatch(floor) }} />
    </span>
  );
}

/**
 * Step 3: one-click themes; surfaces (material, wallpaper, tint, eraser); environment (skybox,
 * terrain, ambient sound) and the props library.
 */
export function StylePanel({ session, snap }: { session: EditorSession; snap: EditorSnapshot }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string>('wall:*');
  const space = spaceOf(snap.document);
  const current = space.materialOverrides.find((o) => o.targetId === target);
  const surface = SURFACES.find((s) => s.value === target)!;
  const mats = listMaterials().filter((m) => (surface.categories as readonly string[]).includes(m.category));
  const wallpapers = listMaterials('wallpaper');
  const setLook = (look: { materialId?: string; tint?: string }) =>
    session.execute(new SetSurfaceLookCommand(target, { ...(current?.materialId ? { materialId: current.materialId } : {}), ...(current?.tint ? { tint: current.tint } : {}), ...look }));

  return (
    <Stack gap="xs">
      <div className={classes.sectionTitle}>{t('editor.style.themes')}</div>
      <div className={classes.themeGrid} data-testid="theme-list">
        {listThemes().map((theme) => {
          const sky = getSky(theme.skyId);
          return (
            <UnstyledButton key={theme.id} className={classes.theme} onClick={() => session.execute(new ApplyThemeCommand(theme))} data-testid={`theme-${theme.id}`}>
              <ThemeChip sky={sky ? `linear-gradient(${sky.top}, ${sky.horizon})` : '#cfe3f5'} wall={theme.wallMaterialId} floor={theme.floorMaterialId} />
              {theme.title}
            </UnstyledButton>
          );
        })}
      </div>

      <div className={classes.sectionTitle}>{t('editor.style.surfaces')}</div>
      <SegmentedControl size="xs" value={target} onChange={setTarget} data={SURFACES.map((s) => ({ value: s.value, label: t(s.label) }))} data-testid="surface-target" />
      <Text size="sm" fw={500}>
        {t('editor.style.material')}
      </Text>
      <div className={classes.swatchGrid} data-testid="material-list">
        {mats.map((m) => (
          <UnstyledButton key={m.id} className={classes.swatch} data-active={current?.materialId === m.id} onClick={() => setLook({ materialId: m.id })} data-testid={`material-${m.id}`} title={m.title}>
            <span className={classes.swatchChip} style={{ background: getMaterial(m.id)?.pattern ? patternSwatch(m.id) : m.color }} />
            {m.title}
          </UnstyledButton>
        ))}
      </div>
      {(target === 'wall:*' || target === 'stairs:*') && (
        <>
          <Text size="sm" fw={500}>
            {t('editor.style.wallpaper')}
          </Text>
          <div className={classes.swatchGrid} data-testid="wallpaper-list">
            {wallpapers.map((m) => (
              <UnstyledButton key={m.id} className={classes.swatch} data-active={current?.materialId === m.id} onClick={() => setLook({ materialId: m.id })} data-testid={`wallpaper-${m.id}`} title={m.title}>
                <span className={classes.swatchChip} style={{ background: patternSwatch(m.id) }} />
                {m.title}
              </UnstyledButton>
            ))}
          </div>
        </>
      )}
      <ColourField label={t('editor.style.tint')} value={current?.tint ?? '#ffffff'} onChange={(tint) => setLook({ tint })} testId="surface-tint" />
      <Button variant="default" size="xs" leftSection={<IconEraser size={16} />} disabled={!current} onClick={() => session.execute(new SetSurfaceLookCommand(target, {}))}>
        {t('editor.style.eraser')}
      </Button>

      <EnvironmentSection session={session} snap={snap} />

      <div className={classes.sectionTitle}>{t('editor.style.props')}</div>
      <PropsLibrary session={session} />
    </Stack>
  );
}
