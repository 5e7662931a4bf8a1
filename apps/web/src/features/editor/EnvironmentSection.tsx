import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconVolumeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { listAmbientSounds, listSkies, listTerrains, skyUri, soundFromUri, soundUri, terrainFromUri, terrainUri } from '@atrium/assets';
import { SetEnvironmentCommand, spaceOf } from '@atrium/engine';
import { audioUriOf } from './assetItems.ts';
import { patternSwatch } from './patternSwatch.ts';
import { PickAsset } from './PickAsset.tsx';
import type { EditorSession, EditorSnapshot } from './session.ts';
import classes from './Editor.module.css';

/** Shape Style → Environment: skybox, terrain around the building and the ambient sound. */
export function EnvironmentSection({ session, snap }: { session: EditorSession; snap: EditorSnapshot }) {
  const { t } = useTranslation();
  const space = spaceOf(snap.document);
  const terrain = terrainFromUri(space.terrainUri).id;
  const sound = space.ambientSoundUri ?? null;
  const builtInSound = soundFromUri(sound);
  return (
    <>
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

      <Text size="sm" fw={500}>
        {t('editor.style.terrain')}
      </Text>
      <div className={classes.swatchGrid} data-testid="terrain-list">
        {listTerrains().map((tr) => (
          <UnstyledButton
            key={tr.id}
            className={classes.swatch}
            data-active={terrain === tr.id}
            onClick={() => session.execute(new SetEnvironmentCommand({ terrainUri: terrainUri(tr.id) }))}
            data-testid={`terrain-${tr.id}`}
          >
            <span className={`${classes.swatchChip} ${tr.hidden ? classes.swatchNone : ''}`} style={{ background: tr.materialId ? patternSwatch(tr.materialId) : tr.color }} />
            {tr.title}
          </UnstyledButton>
        ))}
      </div>

      <Text size="sm" fw={500}>
        {t('editor.style.sound')}
      </Text>
      <Stack gap={4} data-testid="sound-list">
        <Group gap={4}>
          <UnstyledButton className={classes.soundChip} data-active={sound === null} onClick={() => session.execute(new SetEnvironmentCommand({ ambientSoundUri: null }))} data-testid="sound-none">
            <IconVolumeOff size={14} /> {t('editor.style.noSound')}
          </UnstyledButton>
          {listAmbientSounds().map((s) => {
            const uri = soundUri(s.id);
            return (
              <UnstyledButton key={s.id} className={classes.soundChip} data-active={sound === uri} onClick={() => session.execute(new SetEnvironmentCommand({ ambientSoundUri: uri }))} data-testid={`sound-${s.id}`}>
                {s.title}
              </UnstyledButton>
            );
          })}
        </Group>
        {sound && !builtInSound && (
          <Text size="xs" c="dimmed" data-testid="sound-uploaded">
            {t('editor.style.uploadedSound')}
          </Text>
        )}
        <PickAsset
          kind="audio"
          variant="light"
          label={t('editor.style.soundFromLibrary')}
          testId="pick-sound"
          onPick={(a) => {
            const uri = audioUriOf(a);
            if (uri) session.execute(new SetEnvironmentCommand({ ambientSoundUri: uri }));
          }}
        />
      </Stack>
    </>
  );
}
