import { describe, expect, it } from 'vitest';
import { getTheme, listThemes, skyUri, soundUri, terrainUri } from '@atrium/assets';
import { SCENE_DOCUMENT_VERSION, sceneDocumentV1, type SceneDocument } from '@atrium/shared';
import { ApplyThemeCommand, History, SetEnvironmentCommand, SetSurfaceLookCommand, UpdateTourPointCommand, type Command } from './index.ts';
import { frozenDoc, roundTripFrom } from './testDoc.ts';

// Shape Style (wallpaper, theme, ambient sound, terrain) and tour-point audio: every change is an
// undoable Command whose result survives a save (JSON) and a parse by the shared schema.

/** A draft saved before ambient sound existed: no ambientSoundUri at all. */
function fixture(): SceneDocument {
  return frozenDoc({
    version: SCENE_DOCUMENT_VERSION,
    customSpace: {
      levels: [{ id: 'L0', walls: [{ id: 'w1', start: [0, 0], end: [6, 0] }], floors: [{ id: 'f1', polygon: [[0, 0], [6, 0], [6, 6]] }] }],
      materialOverrides: [{ targetId: 'wall:*', materialId: 'plaster', tint: '#ff0000' }],
      skyUri: 'atrium:sky/noon',
    },
    guidedTours: [{ id: 'tour', points: [{ id: 'a', position: [0, 0, 0], order: 0 }, { id: 'b', position: [1, 0, 1], order: 1, audioUri: '/old.mp3' }] }],
  });
}

const roundTrip = (cmd: Command, check: (after: SceneDocument) => void): SceneDocument =>
  roundTripFrom(fixture(), cmd, (after) => {
    check(after);
    // What the editor saves is what it reloads.
    expect(sceneDocumentV1.parse(JSON.parse(JSON.stringify(after)))).toEqual(after);
  });

describe('Shape Style commands', () => {
  it('wallpaper is a surface material from the wallpaper category', () => {
    roundTrip(new SetSurfaceLookCommand('wall:*', { materialId: 'wallpaper-damask-gold' }), (d) =>
      expect(d.customSpace!.materialOverrides).toEqual([{ targetId: 'wall:*', materialId: 'wallpaper-damask-gold' }]));
  });

  it('terrain and ambient sound are set and undone; an older draft gets no stray field back', () => {
    const after = roundTrip(new SetEnvironmentCommand({ terrainUri: terrainUri('sand') }), (d) => expect(d.customSpace!.terrainUri).toBe('atrium:terrain/sand'));
    expect(after.customSpace!.skyUri).toBe('atrium:sky/noon');
    roundTrip(new SetEnvironmentCommand({ ambientSoundUri: soundUri('rain') }), (d) => expect(d.customSpace!.ambientSoundUri).toBe('atrium:sound/rain'));
    roundTrip(new SetEnvironmentCommand({ ambientSoundUri: '/api/file/6d1f2c9e-audio' }), (d) => expect(d.customSpace!.ambientSoundUri).toBe('/api/file/6d1f2c9e-audio'));
    const undone = new SetEnvironmentCommand({ ambientSoundUri: soundUri('rain') });
    expect('ambientSoundUri' in undone.undo(undone.execute(fixture())).customSpace!).toBe(false);
  });

  it('browsing one environment field merges into one step; different fields do not', () => {
    const h = new History(fixture());
    h.execute(new SetEnvironmentCommand({ ambientSoundUri: soundUri('rain') }));
    h.execute(new SetEnvironmentCommand({ ambientSoundUri: soundUri('wind') }));
    h.execute(new SetEnvironmentCommand({ ambientSoundUri: soundUri('waves') }));
    h.seal();
    h.execute(new SetEnvironmentCommand({ terrainUri: terrainUri('snow') }));
    h.undo();
    expect(h.document.customSpace!.ambientSoundUri).toBe('atrium:sound/waves');
    h.undo();
    expect(h.document.customSpace!.ambientSoundUri).toBeUndefined();
    expect(h.canUndo).toBe(false);
    const a = new SetEnvironmentCommand({ skyUri: 'x' });
    expect(a.merge(new SetEnvironmentCommand({ terrainUri: 'y' }))).toBeNull();
    expect(a.merge(new SetSurfaceLookCommand('wall:*', {}))).toBeNull();
  });

  it.each(listThemes().map((t) => [t.id, t] as const))('theme %s sets walls, floors, sky, terrain and sound in one step', (_id, theme) => {
    roundTrip(new ApplyThemeCommand(theme), (d) => {
      const space = d.customSpace!;
      // The theme's material replaces the old wall tint too.
      expect(space.materialOverrides).toContainEqual({ targetId: 'wall:*', materialId: theme.wallMaterialId });
      expect(space.materialOverrides).toContainEqual({ targetId: 'floor:*', materialId: theme.floorMaterialId });
      expect(space.skyUri).toBe(skyUri(theme.skyId));
      expect(space.terrainUri).toBe(terrainUri(theme.terrainId));
      expect(space.ambientSoundUri).toBe(theme.soundId ? soundUri(theme.soundId) : null);
    });
  });

  it('a theme is one undo step in the History and names itself in JSON', () => {
    const h = new History(fixture());
    const theme = getTheme('winter-lodge')!;
    h.execute(new ApplyThemeCommand(theme));
    h.undo();
    expect(h.document).toEqual(fixture());
    expect(new ApplyThemeCommand(theme).toJSON()).toMatchObject({ type: 'style.theme', themeId: 'winter-lodge' });
    expect(new ApplyThemeCommand(theme).scopes).toEqual(['structure', 'sky']);
  });
});

describe('tour point audio', () => {
  it('adds, replaces and removes a clip', () => {
    roundTrip(new UpdateTourPointCommand('tour', 'a', { audioUri: '/api/file/clip' }), (d) => expect(d.guidedTours[0]!.points[0]!.audioUri).toBe('/api/file/clip'));
    roundTrip(new UpdateTourPointCommand('tour', 'b', { audioUri: '/new.mp3' }), (d) => expect(d.guidedTours[0]!.points[1]!.audioUri).toBe('/new.mp3'));
    roundTrip(new UpdateTourPointCommand('tour', 'b', { audioUri: undefined }), (d) => expect('audioUri' in d.guidedTours[0]!.points[1]!).toBe(false));
  });

  it('typing a point title merges; clips never merge; stale ids throw', () => {
    const a = new UpdateTourPointCommand('tour', 'a', { title: 'L' });
    const b = new UpdateTourPointCommand('tour', 'a', { title: 'Lobby' });
    const d2 = b.execute(a.execute(fixture()));
    expect(a.merge(b)!.undo(d2).guidedTours[0]!.points[0]!.title).toBe('');
    expect(a.merge(new UpdateTourPointCommand('tour', 'b', { title: 'x' }))).toBeNull();
    const c = new UpdateTourPointCommand('tour', 'a', { audioUri: '/1.mp3' });
    expect(c.merge(new UpdateTourPointCommand('tour', 'a', { audioUri: '/2.mp3' }))).toBeNull();
    expect(() => new UpdateTourPointCommand('tour', 'zz', { title: 'x' }).execute(fixture())).toThrow(/tour point zz/);
    expect(() => new UpdateTourPointCommand('nope', 'a', { title: 'x' }).execute(fixture())).toThrow(/tour nope/);
  });
});
